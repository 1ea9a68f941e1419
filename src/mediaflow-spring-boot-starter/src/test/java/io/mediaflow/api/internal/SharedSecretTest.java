package io.mediaflow.api.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsonwebtoken.Jwts;
import org.junit.jupiter.api.Test;

/** What the replicas and the two token kinds need of the keys derived from a configured secret. */
class SharedSecretTest {

  /**
   * jjwt refuses raw HS256 keys under 256 bits; a configured secret may be as short as the operator
   * chose.
   */
  @Test
  void anyConfiguredSecretGivesAnHs256Key() {
    var key = new SharedSecret("s", "job-state").jwtKey();

    String token = Jwts.builder().subject("x").signWith(key, Jwts.SIG.HS256).compact();
    assertThat(
            Jwts.parser()
                .verifyWith(key)
                .build()
                .parseSignedClaims(token)
                .getPayload()
                .getSubject())
        .isEqualTo("x");
  }

  @Test
  void replicasWithTheSameSecretAgreeAndTheTwoPurposesNever() {
    assertThat(new SharedSecret("shared", "job-state").jwtKey())
        .isEqualTo(new SharedSecret("shared", "job-state").jwtKey())
        .isNotEqualTo(new SharedSecret("shared", "callback-url").jwtKey());
    assertThat(new SharedSecret("shared", "job-state").jwtKey().getEncoded())
        .as("the JWT key is not the raw secret the marker's MAC uses")
        .isNotEqualTo("shared".getBytes());
  }

  @Test
  void anEmptySecretIsRandomPerInstance() {
    assertThat(new SharedSecret("", "job-state").jwtKey())
        .isNotEqualTo(new SharedSecret("", "job-state").jwtKey());
  }
}
