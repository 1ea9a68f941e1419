package io.mediaflow.worker.internal;

import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.Violation;
import io.mediaflow.api.internal.Secrets;
import io.mediaflow.worker.SecretProvider;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves {@code {{secrets.NAME}}} in a job's variables, wherever it stands in a text (a whole
 * value such as a DVR secret key, or part of one), and remembers the values it put in so that
 * everything leaving the worker can be {@linkplain #mask masked}. The resolved values live only in
 * the worker's memory for the one call.
 */
final class SecretReferences {

  static final Pattern REFERENCE = Pattern.compile("\\{\\{\\s*secrets\\.([A-Za-z0-9_.\\-]+)\\s*}}");

  private final SecretProvider provider;
  private final Set<String> used = new LinkedHashSet<>();
  private final List<Violation> missing = new ArrayList<>();

  SecretReferences(SecretProvider provider) {
    this.provider = provider;
  }

  /**
   * The variables with every reference replaced; a reference to an unknown secret is named by
   * field.
   */
  Map<String, Object> resolve(Map<String, Object> variables) {
    var resolved = new LinkedHashMap<String, Object>();
    variables.forEach((name, value) -> resolved.put(name, resolve(name, value)));
    if (!missing.isEmpty()) {
      throw new InvalidRequestException(missing);
    }
    return resolved;
  }

  /**
   * Whether the field at {@code path} is one that carries a credential: its name ends in key,
   * secret or token, or holds password ({@code secret_key}, {@code streamKey}, {@code
   * destination.secret}). Only the service's credential fields are never echoed into answers or
   * used as addresses.
   */
  static boolean carriesCredential(String path) {
    String field =
        path.substring(path.lastIndexOf('.') + 1)
            .replaceAll("\\[\\d+]$", "")
            .toLowerCase(Locale.ROOT);
    return field.endsWith("key")
        || field.endsWith("secret")
        || field.endsWith("token")
        || field.contains("password");
  }

  private Object resolve(String path, Object value) {
    return switch (value) {
      case String text -> resolveText(path, text);
      case Map<?, ?> map -> {
        var copy = new LinkedHashMap<Object, Object>();
        map.forEach((key, item) -> copy.put(key, resolve(path + "." + key, item)));
        yield copy;
      }
      case List<?> list -> {
        var copy = new ArrayList<Object>();
        for (int i = 0; i < list.size(); i++) {
          copy.add(resolve(path + "[" + i + "]", list.get(i)));
        }
        yield copy;
      }
      case null, default -> value;
    };
  }

  private String resolveText(String path, String text) {
    Matcher reference = REFERENCE.matcher(text);
    if (!reference.find()) {
      return text;
    }
    if (!carriesCredential(path)) {
      missing.add(
          new Violation(
              path,
              "a secret reference is allowed only in a field that carries a credential (a key,"
                  + " secret, password or token): the service may echo other fields back, or call the address they hold"));
      return text;
    }
    var out = new StringBuilder();
    do {
      String name = reference.group(1);
      String secret = provider.secret(name).orElse(null);
      if (secret == null) {
        missing.add(
            new Violation(
                path,
                "the secret "
                    + name
                    + " is unknown to the worker's secret provider (by default"
                    + " the environment variable MEDIAFLOW_SECRET_"
                    + name
                    + ", after mediaflow.secrets.environment-prefix)"));
        secret = "";
      } else if (!secret.isEmpty()) {
        used.add(secret);
      }
      reference.appendReplacement(out, Matcher.quoteReplacement(secret));
    } while (reference.find());
    reference.appendTail(out);
    return out.toString();
  }

  /**
   * {@code text} with every secret value put into the variables replaced by {@value Secrets#MASK}.
   */
  String mask(String text) {
    if (text == null || used.isEmpty()) {
      return text;
    }
    String masked = text;
    // Longest first, so a secret that contains another is masked whole.
    for (String secret :
        used.stream().sorted(Comparator.comparingInt(String::length).reversed()).toList()) {
      masked = masked.replace(secret, Secrets.MASK);
    }
    return masked;
  }

  /** A variable value (maps, lists, texts) with every secret value masked. */
  Object mask(Object value) {
    if (used.isEmpty()) {
      return value;
    }
    return switch (value) {
      case String text -> mask(text);
      case Map<?, ?> map -> {
        var copy = new LinkedHashMap<Object, Object>();
        map.forEach((key, item) -> copy.put(key, mask(item)));
        yield copy;
      }
      case List<?> list -> list.stream().map(item -> mask((Object) item)).toList();
      case null, default -> value;
    };
  }

  boolean resolvedAny() {
    return !used.isEmpty();
  }
}
