package io.mediaflow.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Ends the application as soon as it is ready ({@code mediaflow.app.exit-when-ready=true}), for the
 * build's training run of the start-up cache (the {@code startup-cache} execution in this module's
 * pom): the JVM writes down the classes a start-up loaded and links as it exits, so the run has to
 * go all the way (models deployed, workers open) and then end by itself.
 */
@Component
@ConditionalOnBooleanProperty("mediaflow.app.exit-when-ready")
class ExitWhenReady {

  private final ConfigurableApplicationContext context;

  ExitWhenReady(ConfigurableApplicationContext context) {
    this.context = context;
  }

  @EventListener
  void onReadiness(AvailabilityChangeEvent<ReadinessState> event) {
    if (event.getState() == ReadinessState.ACCEPTING_TRAFFIC) {
      // On the main thread, which must not return first: the JVM ending on its own as the last
      // thread ends races an exit from another thread, and then the cache is never written.
      System.exit(SpringApplication.exit(context));
    }
  }
}
