package io.mediaflow.app.deployer;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.availability.ReadinessStateHealthIndicator;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.AvailabilityState;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code /actuator/health/readiness} is UP once the processes can be started: Spring's readiness
 * (the context is up, so the job workers are open) and, when this application deploys the models,
 * the deployment done. The HTTP port answers before that, so a start in between would meet "no
 * process definition"; readiness says so.
 */
@Configuration(proxyBeanMethods = false)
class DeploymentReadiness {

  /** Named as Spring Boot's own, which it replaces. */
  @Bean
  ReadinessStateHealthIndicator readinessStateHealthIndicator(
      ApplicationAvailability availability, ObjectProvider<ProcessDeployer> deployer) {
    return new ReadinessStateHealthIndicator(availability) {
      @Override
      protected AvailabilityState getState(ApplicationAvailability applicationAvailability) {
        ProcessDeployer models = deployer.getIfAvailable();
        return models != null && !models.deployed()
            ? ReadinessState.REFUSING_TRAFFIC
            : applicationAvailability.getReadinessState();
      }
    };
  }
}
