package io.mediaflow.app;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;

/**
 * The one switch of the embedded default ({@code mediaflow.engine.embedded}, on unless set to
 * {@code false}): the embedded engine with its gateway ({@code engine}), the REST API under {@code
 * /v2} ({@code rest}) with its batch operations ({@code batch}), its document store ({@code
 * documents}) and the browser console ({@code console}). Their beans are found here and only here,
 * so that with the switch off the application is a plain worker application of the cluster it is
 * given, with none of them; {@link MediaflowApplication}'s own scan leaves them out ({@link
 * #MEMBERS}). The models' deployment and the readiness that waits for it serve any cluster, so they
 * live outside these packages ({@code deployer}), in the application's own scan.
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
    })
public class EmbeddedDefault {

  /** The classes only the embedded default has: those of its packages. */
  static final String MEMBERS = "io\\.mediaflow\\.app\\.(engine|rest|batch|console|documents)\\..*";
}
