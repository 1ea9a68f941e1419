package io.mediaflow.sandbox.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediaflow.sandbox.PlaybackDomainDirectory;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;

/**
 * The playback domain rule against a directory: in the application the content delivery sandbox
 * provides it, so here a directory of two domains stands in.
 */
class PlaybackDomainValidationTest {

  private static final Map<String, String> DOMAINS =
      Map.of("live.example.com", "live", "vod.example.com", "vod");

  private final StreamParamsValidator validator =
      validator(domain -> Optional.ofNullable(DOMAINS.get(domain)));

  @Test
  void aLiveDomainIsAcceptedInLowerCase() {
    assertThat(read("{\"playback_domain\": \"Live.Example.COM\"}").playbackDomain())
        .isEqualTo("live.example.com");
  }

  @Test
  void aVodDomainIsRefused() {
    assertThatThrownBy(() -> read("{\"playback_domain\": \"vod.example.com\"}"))
        .hasMessage(
            "playback_domain: 'vod.example.com' is a vod playback domain; a live one is required");
  }

  @Test
  void anUnknownDomainIsRefused() {
    assertThatThrownBy(() -> read("{\"playback_domain\": \"other.example.com\"}"))
        .hasMessage(
            "playback_domain: 'other.example.com' is not a playback domain of this project");
  }

  @Test
  void withoutADirectoryEveryDomainIsUnknown() {
    assertThatThrownBy(
            () -> validator(null).read(body("{\"playback_domain\": \"live.example.com\"}")))
        .hasMessageContaining("is not a playback domain");
  }

  private StreamParamsValidator.NewStream read(String json) {
    return validator.read(body(json));
  }

  private static LiveRequestBody body(String json) {
    return LiveRequestBody.parse(json, new ObjectMapper());
  }

  private static StreamParamsValidator validator(PlaybackDomainDirectory directory) {
    var beans = new DefaultListableBeanFactory();
    if (directory != null) {
      beans.registerSingleton("playbackDomainDirectory", directory);
    }
    return new StreamParamsValidator(
        beans.getBeanProvider(PlaybackDomainDirectory.class), new DvrParamsValidator());
  }
}
