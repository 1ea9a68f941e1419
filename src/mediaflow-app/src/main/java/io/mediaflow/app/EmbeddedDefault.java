package io.mediaflow.app;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;

/**
 * The one switch of the embedded default ({@code mediaflow.engine.embedded}, on unless set to
 * {@code false}): the embedded engine with its gateway ({@code engine}), the REST API under {@code
 * /v2} ({@code rest}) with its batch operations ({@code batch}), its document store ({@code
 * documents}) and the browser console ({@code console}). Their beans are found here and only here,
 * so that with the switch off the application is a plain worker application of the cluster it is
 * given, with none of them; {@link MediaflowApplication}'s own scan leaves them out ({@link
 * #MEMBERS}). The models' deployment and the readiness that waits for it ({@code engine.deployer})
 * serve any cluster, so they stay in the application's scan ({@link #ANY_CLUSTER}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "mediaflow.engine.embedded", matchIfMissing = true)
@ComponentScan(
    basePackages = {
      "io.mediaflow.app.engine",
      "io.mediaflow.app.rest",
      "io.mediaflow.app.batch",
      "io.mediaflow.app.console",
      "io.mediaflow.app.documents"
    },
    excludeFilters =
        @ComponentScan.Filter(
            type = FilterType.REGEX,
            pattern = "io\\.mediaflow\\.app\\.engine\\." + EmbeddedDefault.ANY_CLUSTER + "\\..*"))
public class EmbeddedDefault {

  /**
   * The package of the embedded default's that any cluster needs: the models' deployment ({@code
   * engine.deployer}).
   */
  static final String ANY_CLUSTER = "deployer";

  /** The classes only the embedded default has: its packages, but for {@link #ANY_CLUSTER}. */
  static final String MEMBERS =
      "io\\.mediaflow\\.app\\.(engine|rest|batch|console|documents)\\.(?!" + ANY_CLUSTER + "\\.).*";
}
