package io.mediaflow.sandbox.transcoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.mediaflow.sandbox.SandboxProperties;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/**
 * The sandbox is not a way into the machine it runs on: sources on loopback, link-local or this
 * machine's own addresses are refused with the document's download error, except its own media and
 * the configured prefixes.
 */
class SourceAddressesTest {

  private static final SandboxProperties SANDBOX =
      new SandboxProperties(
          true, "http://localhost:8080/sandbox", 1, List.of("key"), Duration.ofHours(1));

  private final SourceAddresses addresses = addresses(List.of());

  @Test
  void theMetadataEndpointTheGatewayAndTheAppsOwnApiAreRefused() {
    for (String url :
        List.of(
            "http://169.254.169.254/latest/meta-data/iam/",
            "http://127.0.0.1:26500/",
            "http://localhost:8080/v2/topology",
            "http://[::1]:8080/v2/topology",
            "http://0.0.0.0:8080/",
            "http://[fe80::1]/",
            "http://127.0.0.2/",
            "http://[::ffff:127.0.0.1]:8080/v2/topology",
            "http://localhost:8080/sandbox/samples/../../v2/topology",
            "http://localhost:8081/sandbox/samples/bars.mp4",
            "http://user@localhost:8080/sandbox/samples/bars.mp4")) {
      JobFailure refused =
          catchThrowableOfType(
              JobFailure.class, () -> addresses.check(URI.create(url), JobFailure.DOWNLOAD));

      assertThat(refused).as(url).isNotNull();
      assertThat(refused.getMessage()).as(url).isEqualTo(JobFailure.DOWNLOAD);
      assertThat(refused.details())
          .as(url)
          .endsWith(
              "is an address of this machine or its link, which the service" + " cannot reach");
    }
  }

  @Test
  void thisMachinesNetworkAddressesAreRefusedToo() throws SocketException {
    List<InetAddress> own =
        Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
            .flatMap(NetworkInterface::inetAddresses)
            .filter(address -> !address.isLoopbackAddress() && !address.isLinkLocalAddress())
            .toList();

    for (InetAddress address : own) {
      String host = address.getHostAddress().replaceAll("%.*", "");
      URI uri =
          URI.create(
              "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":8080/v2/topology");

      assertThat(
              catchThrowableOfType(
                  JobFailure.class, () -> addresses.check(uri, JobFailure.DOWNLOAD)))
          .as(uri.toString())
          .isNotNull();
    }
  }

  @Test
  void theSandboxsOwnMediaAndConfiguredPrefixesAreFetched() {
    var withTestServer = addresses(List.of("http://localhost"));

    for (String url :
        List.of(
            "http://localhost:8080/sandbox/samples/bars.mp4",
            "http://localhost:8080/sandbox/storage/bucket/dvr/show.mp4",
            "http://localhost:8080/sandbox/transcoding/downloads/task/out.mp4")) {
      assertThatCode(() -> addresses.check(URI.create(url), JobFailure.DOWNLOAD))
          .as(url)
          .doesNotThrowAnyException();
    }
    assertThatCode(
            () ->
                withTestServer.check(
                    URI.create("http://localhost:41234/clip.mp4"), JobFailure.DOWNLOAD))
        .doesNotThrowAnyException();
    assertThat(
            catchThrowableOfType(
                JobFailure.class,
                () ->
                    withTestServer.check(
                        URI.create("http://127.0.0.1:41234/clip.mp4"), JobFailure.DOWNLOAD)))
        .as("a prefix names a host, not every name of the machine")
        .isNotNull();
  }

  private static SourceAddresses addresses(List<String> localSources) {
    return new SourceAddresses(
        SANDBOX,
        new SandboxTranscodingProperties(
            20,
            1,
            Duration.ZERO,
            Duration.ZERO,
            Duration.ZERO,
            Duration.ofHours(24),
            Duration.ofSeconds(1),
            DataSize.ofMegabytes(1),
            localSources));
  }
}
