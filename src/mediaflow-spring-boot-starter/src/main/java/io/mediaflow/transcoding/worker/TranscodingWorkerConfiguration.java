package io.mediaflow.transcoding.worker;

import io.camunda.client.CamundaClient;
import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.api.StorageAddresses;
import io.mediaflow.callback.internal.CallbackUrls;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.transcoding.TranscodingProperties;
import io.mediaflow.transcoding.internal.DocumentSources;
import io.mediaflow.transcoding.internal.LocalSources;
import io.mediaflow.transcoding.internal.MetadataOutputs;
import io.mediaflow.transcoding.internal.check.OutputFiles;
import io.mediaflow.transcoding.internal.check.RenditionCheck;
import io.mediaflow.worker.internal.OperationHandlers;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The transcoding API's operation handlers and the metadata reader's, which the worker registry
 * opens; imported by {@code TranscodingConfiguration}. Declared here so that the handlers and their
 * input records stay package-private: applications see no type of the worker mechanism.
 */
@Configuration(proxyBeanMethods = false)
public class TranscodingWorkerConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "mediaflowTranscodingWorkers")
  OperationHandlers mediaflowTranscodingWorkers(
      TranscodingClient client,
      CallbackUrls callbacks,
      TranscodingProperties properties,
      ObjectProvider<CamundaClient> camunda) {
    return new TranscodingWorkers(
        client,
        callbacks,
        new LocalSources(properties.localSourceDirectory()),
        new DocumentSources(camunda.getIfAvailable()));
  }

  /**
   * The readers of a job's outputs. The rendition check reads outputs in the media storage at the
   * buckets' default address, which the content delivery API's configuration holds; without it,
   * only http(s) outputs.
   */
  @Bean
  @ConditionalOnMissingBean(name = "mediaflowMetadataWorkers")
  OperationHandlers mediaflowMetadataWorkers(
      TranscodingProperties properties,
      MediaflowHttpClient http,
      ObjectProvider<StorageAddresses> storage) {
    var client = http.okHttp().newBuilder().callTimeout(properties.timeout()).build();
    return new MetadataWorkers(
        new MetadataOutputs(client),
        new RenditionCheck(new OutputFiles(client), storage.getIfAvailable()));
  }
}
