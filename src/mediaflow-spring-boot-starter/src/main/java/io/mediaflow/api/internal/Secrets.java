package io.mediaflow.api.internal;

/**
 * How a secret that is set appears wherever it must not be shown: results, process variables, logs.
 */
public final class Secrets {

  public static final String MASK = "***";

  private Secrets() {}

  /**
   * {@link #MASK} for a secret that is set, null for one that is not (so "not set" stays visible).
   */
  public static String mask(String secret) {
    return secret == null ? null : MASK;
  }
}
