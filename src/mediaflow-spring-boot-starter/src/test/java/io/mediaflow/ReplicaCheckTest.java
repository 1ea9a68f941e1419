package io.mediaflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.camunda.client.spring.configuration.CamundaAutoConfiguration;
import io.camunda.client.spring.configuration.CamundaClientAllAutoConfiguration;
import io.camunda.client.spring.configuration.CamundaClientProdAutoConfiguration;
import io.mediaflow.delivery.signing.JdbcSigningKeyStore;
import io.mediaflow.delivery.signing.SigningKeyStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.jackson.JacksonAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;

/**
 * What replicas must share, checked at start: with {@code mediaflow.replicated=true} a replica that
 * would keep its own job-state key, callback key or signing keys does not start, and says in one
 * line what to set; without it, each is a warning. The starter as the application's
 * auto-configuration, with the Camunda client pointing where nothing listens.
 */
@ExtendWith(OutputCaptureExtension.class)
class ReplicaCheckTest {

  private static final String NOWHERE = "http://127.0.0.1:9";
  private static final String STATE_SECRET = "mediaflow.worker.state-secret";
  private static final String CALLBACK_SECRET = "mediaflow.callbacks.secret";
  private static final String KEY_STORE =
      "mediaflow.delivery.key-store.master-key (with a DataSource, or with directory)";

  /**
   * The Camunda client's configurations are named as well as imported by {@code
   * CamundaAutoConfiguration}: a runner processes that import after every configuration it lists,
   * where an application processes it in its order.
   */
  private final ApplicationContextRunner application =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  JacksonAutoConfiguration.class,
                  CamundaAutoConfiguration.class,
                  CamundaClientProdAutoConfiguration.class,
                  CamundaClientAllAutoConfiguration.class,
                  DataSourceAutoConfiguration.class,
                  MediaflowAutoConfiguration.class))
          .withPropertyValues(properties());

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class UserApplication {}

  /**
   * Everything an application must say for all three APIs, as the README documents it, and nothing
   * shared.
   */
  private static String[] properties() {
    return new String[] {
      "camunda.client.mode=self-managed",
      "camunda.client.grpc-address=" + NOWHERE,
      "camunda.client.rest-address=" + NOWHERE,
      "mediaflow.transcoding.base-url=https://transcoding.example/api",
      "mediaflow.transcoding.api-key=transcoding-key",
      "mediaflow.live.base-url=https://live.example/api",
      "mediaflow.live.api-key=live-key",
      "mediaflow.delivery.base-url=https://cdn.example/api",
      "mediaflow.delivery.api-key=delivery-key",
      "mediaflow.delivery.storage-url=https://{bucket}.media-storage.{region}.storage.example/{path}",
      "mediaflow.delivery.region=eu-central",
      "mediaflow.callbacks.base-url=https://workers.example"
    };
  }

  /**
   * Everything replicas share, the signing keys in the application's database (H2, which Spring
   * Boot embeds).
   */
  private final String[] shared = {
    STATE_SECRET + "=state-secret-of-all-replicas",
    CALLBACK_SECRET + "=callback-secret-of-all-replicas",
    "mediaflow.delivery.key-store.master-key=" + masterKey()
  };

  /**
   * The documented workers stream their jobs, but nothing listens here: each stream fails and is
   * reopened after a backoff. camunda-client-java 8.8's {@code JobStreamerImpl.open} returns
   * holding its lock when the worker was closed meanwhile, so a reopen that falls between the
   * worker manager's close and the client's own close leaves the second close waiting forever (the
   * test JVM hung there). Without a gateway there is nothing to stream, so this test polls.
   */
  private static final Map<String, Object> NO_STREAMING =
      Map.of("camunda.client.worker.defaults.stream-enabled", "false");

  @TempDir Path directory;

  @Test
  void aReplicaThatWouldKeepItsOwnStateDoesNotStartAndNamesEveryMissingProperty() {
    application
        .withPropertyValues("mediaflow.replicated=true")
        .run(
            context -> {
              assertThat(context).hasFailed();
              Throwable failure = context.getStartupFailure();
              assertThat(failure)
                  .isInstanceOf(UnsharedReplicaStateException.class)
                  .hasMessage(
                      "mediaflow.replicated=true, but what replicas must share is not configured: "
                          + STATE_SECRET
                          + ", "
                          + CALLBACK_SECRET
                          + ", "
                          + KEY_STORE);

              FailureAnalysis analysis = new UnsharedReplicaStateFailureAnalyzer().analyze(failure);
              assertThat(analysis.getDescription())
                  .isEqualTo(failure.getMessage())
                  .doesNotContain("\n");
              assertThat(analysis.getAction())
                  .startsWith(
                      "Set "
                          + STATE_SECRET
                          + ", "
                          + CALLBACK_SECRET
                          + ", "
                          + KEY_STORE
                          + " to the same value on every replica");
            });
  }

  /**
   * The analyzer is found where Spring Boot looks for it, and its report is what a failed start
   * prints.
   */
  @Test
  void springBootsReportOfTheFailedStartNamesThem(CapturedOutput output) {
    Throwable failure =
        catchThrowable(
            () ->
                new SpringApplicationBuilder(UserApplication.class)
                    .web(WebApplicationType.NONE)
                    .properties(properties())
                    .properties("mediaflow.replicated=true")
                    .run()
                    .close());

    assertThat(failure).isInstanceOf(UnsharedReplicaStateException.class);
    assertThat(output.getOut())
        .contains(
            "APPLICATION FAILED TO START",
            "Description:\n\n" + failure.getMessage() + "\n",
            "Action:\n\nSet "
                + STATE_SECRET
                + ", "
                + CALLBACK_SECRET
                + ", "
                + KEY_STORE
                + " to the same value on every replica");
  }

  @Test
  void eachMissingOneIsNamedAlone() {
    application
        .withPropertyValues(shared)
        .withPropertyValues("mediaflow.replicated=true", STATE_SECRET + "=")
        .run(
            context ->
                assertThat(context.getStartupFailure()).hasMessageEndingWith(": " + STATE_SECRET));
    application
        .withPropertyValues(shared)
        .withPropertyValues("mediaflow.replicated=true", CALLBACK_SECRET + "=")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .hasMessageEndingWith(": " + CALLBACK_SECRET));
    application
        .withPropertyValues(shared)
        .withPropertyValues("mediaflow.replicated=true", "mediaflow.delivery.key-store.master-key=")
        .run(
            context ->
                assertThat(context.getStartupFailure()).hasMessageEndingWith(": " + KEY_STORE));
  }

  @Test
  void replicasWithSharedSecretsAndTheKeysInTheirDatabaseStart(CapturedOutput output) {
    application
        .withPropertyValues(shared)
        .withPropertyValues("mediaflow.replicated=true")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(SigningKeyStore.class))
                  .isInstanceOf(JdbcSigningKeyStore.class);
            });
    assertThat(output.getAll()).doesNotContain("No mediaflow.");
  }

  /**
   * A directory every replica mounts is shared too: the check cannot see the volume, and trusts the
   * setting.
   */
  @Test
  void aKeyDirectoryCountsAsShared() {
    application
        .withPropertyValues(shared)
        .withPropertyValues(
            "mediaflow.replicated=true", "mediaflow.delivery.key-store.directory=" + directory)
        .run(context -> assertThat(context).hasNotFailed());
  }

  /**
   * What is switched off need not be shared: no callback URLs without callbacks, no keys without
   * the delivery API.
   */
  @Test
  void onlyWhatIsUsedMustBeShared() {
    application
        .withPropertyValues(
            "mediaflow.replicated=true",
            STATE_SECRET + "=state-secret-of-all-replicas",
            "mediaflow.callbacks.enabled=false",
            "mediaflow.delivery.enabled=false")
        .run(context -> assertThat(context).hasNotFailed());
  }

  /**
   * The configuration docs/plugin.md gives users to copy, read from the document itself, with the
   * environment it names: it starts, and keeps the signing keys in the database. The test has no
   * connection pool, so Spring Boot is told to use a plain DataSource.
   */
  @Test
  void theDocumentedReplicaConfigurationStarts() throws IOException {
    String document = Files.readString(Path.of("../../docs/plugin.md"));
    String section = document.substring(document.indexOf("## Running several replicas"));
    String yaml =
        section.substring(
            section.indexOf("```yaml\n") + 8,
            section.indexOf("```", section.indexOf("```yaml\n") + 8));
    List<PropertySource<?>> documented =
        new YamlPropertySourceLoader()
            .load("docs/plugin.md", new ByteArrayResource(yaml.getBytes(StandardCharsets.UTF_8)));

    new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                JacksonAutoConfiguration.class,
                CamundaAutoConfiguration.class,
                CamundaClientProdAutoConfiguration.class,
                CamundaClientAllAutoConfiguration.class,
                DataSourceAutoConfiguration.class,
                MediaflowAutoConfiguration.class))
        .withInitializer(
            context -> {
              var sources = context.getEnvironment().getPropertySources();
              sources.addFirst(documented.getFirst());
              sources.addFirst(new MapPropertySource("no gateway here", NO_STREAMING));
            })
        .withPropertyValues(
            "spring.datasource.type=org.springframework.jdbc.datasource.SimpleDriverDataSource",
            "DATABASE_URL=jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
            "DATABASE_USERNAME=sa",
            "DATABASE_PASSWORD=",
            "ZEEBE_GRPC_ADDRESS=" + NOWHERE,
            "ZEEBE_REST_ADDRESS=" + NOWHERE,
            "MEDIAFLOW_WORKER_STATE_SECRET=state-secret-of-all-replicas",
            "MEDIAFLOW_TRANSCODING_BASE_URL=https://transcoding.example/api",
            "MEDIAFLOW_TRANSCODING_API_KEY=transcoding-key",
            "MEDIAFLOW_LIVE_BASE_URL=https://live.example/api",
            "MEDIAFLOW_LIVE_API_KEY=live-key",
            "MEDIAFLOW_DELIVERY_BASE_URL=https://cdn.example/api",
            "MEDIAFLOW_DELIVERY_API_KEY=delivery-key",
            "MEDIAFLOW_STORAGE_URL=https://{bucket}.media-storage.{region}.storage.example/{path}",
            "MEDIAFLOW_KEY_STORE_MASTER_KEY=" + masterKey(),
            "MEDIAFLOW_CALLBACK_BASE_URL=https://workers.example",
            "MEDIAFLOW_CALLBACK_SECRET=callback-secret-of-all-replicas")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(ReplicaProperties.class).replicated()).isTrue();
              assertThat(context.getBean(SigningKeyStore.class))
                  .isInstanceOf(JdbcSigningKeyStore.class);
            });
  }

  @Test
  void aSingleReplicaIsWarnedOfEachAndStarts(CapturedOutput output) {
    application.run(context -> assertThat(context).hasNotFailed());

    assertThat(output.getAll())
        .contains(
            "No "
                + STATE_SECRET
                + ": job state is signed with a random key that lives as long as this run",
            "No "
                + CALLBACK_SECRET
                + ": callback URLs are signed with a random key that lives as long as this run",
            "No "
                + KEY_STORE
                + ": private keys of signing keys are kept encrypted in a temporary directory");
  }

  private static String masterKey() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }
}
