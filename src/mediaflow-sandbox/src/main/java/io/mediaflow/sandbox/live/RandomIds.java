package io.mediaflow.sandbox.live;

import java.security.SecureRandom;

/** Unguessable identifiers: stream keys, playback IDs and access tokens grant access. */
final class RandomIds {

  private static final String ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  private static final SecureRandom RANDOM = new SecureRandom();

  private RandomIds() {}

  static String alphanumeric(int length) {
    var id = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      id.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
    }
    return id.toString();
  }
}
