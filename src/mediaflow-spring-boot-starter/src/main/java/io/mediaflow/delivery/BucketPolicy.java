package io.mediaflow.delivery;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.mediaflow.api.InvalidRequestException;

/**
 * A bucket's access policy: {@code public} (every bucket's default) or {@code authenticated}
 * (signed tokens only).
 */
public enum BucketPolicy {
  AUTHENTICATED("authenticated"),
  PUBLIC("public");

  private final String value;

  BucketPolicy(String value) {
    this.value = value;
  }

  @JsonValue
  public String value() {
    return value;
  }

  @JsonCreator
  public static BucketPolicy of(String value) {
    for (BucketPolicy policy : values()) {
      if (policy.value.equals(value)) {
        return policy;
      }
    }
    throw InvalidRequestException.field("policy_name", "must be public or authenticated");
  }
}
