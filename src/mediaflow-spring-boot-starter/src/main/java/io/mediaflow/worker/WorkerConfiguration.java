package io.mediaflow.worker;

import io.camunda.client.CamundaClient;
import io.camunda.client.annotation.customizer.JobWorkerValueCustomizer;
import io.camunda.client.jobhandling.JobWorkerManager;
import io.mediaflow.observability.internal.LogContext;
import io.mediaflow.observability.internal.MediaflowMetrics;
import io.mediaflow.worker.internal.InputReader;
import io.mediaflow.worker.internal.JobRunner;
import io.mediaflow.worker.internal.JobScopes;
import io.mediaflow.worker.internal.JobStates;
import io.mediaflow.worker.internal.OperationHandlers;
import io.mediaflow.worker.internal.OperationWorkers;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * How jobs are run, whichever APIs are enabled: each enabled API contributes its {@link
 * OperationHandlers}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WorkerProperties.class)
@Import(SecretsConfiguration.class)
public class WorkerConfiguration {

  @Bean
  @ConditionalOnMissingBean
  InputReader mediaflowInputReader(SecretProvider secrets) {
    return new InputReader(secrets);
  }

  @Bean
  @ConditionalOnMissingBean
  JobStates mediaflowJobStates(WorkerProperties properties) {
    return new JobStates(properties);
  }

  @Bean
  @ConditionalOnMissingBean
  JobRunner mediaflowJobRunner(
      CamundaClient camunda,
      InputReader inputs,
      JobStates states,
      WorkerProperties properties,
      ObjectProvider<ObservationRegistry> observations,
      MediaflowMetrics metrics,
      LogContext logs) {
    return new JobRunner(
        camunda,
        inputs,
        states,
        properties,
        new JobScopes(observations.getIfUnique(() -> ObservationRegistry.NOOP), metrics, logs),
        metrics);
  }

  @Bean
  @ConditionalOnMissingBean
  OperationWorkers mediaflowOperationWorkers(
      CamundaClient camunda,
      JobWorkerManager manager,
      ObjectProvider<JobWorkerValueCustomizer> customizers,
      JobRunner jobs,
      ObjectProvider<OperationHandlers> declarations) {
    return new OperationWorkers(
        camunda,
        manager,
        customizers.orderedStream().toList(),
        jobs,
        declarations.orderedStream().toList());
  }
}
