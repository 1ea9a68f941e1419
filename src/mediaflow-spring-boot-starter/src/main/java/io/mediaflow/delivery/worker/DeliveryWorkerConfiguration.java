package io.mediaflow.delivery.worker;

import io.mediaflow.api.MediaflowHttpClient;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.delivery.DeliveryProperties;
import io.mediaflow.delivery.signing.internal.ContentAddresses;
import io.mediaflow.delivery.signing.internal.ManagedSigningKeys;
import io.mediaflow.delivery.signing.internal.SignedUrls;
import io.mediaflow.worker.internal.OperationHandlers;
import java.util.HashSet;
import java.util.Set;
import okhttp3.HttpUrl;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The content delivery API's operation handlers, which the worker registry opens; imported by
 * {@code DeliveryConfiguration}. Declared here so that the handlers and their input records stay
 * package-private: applications see no type of the worker mechanism.
 */
@Configuration(proxyBeanMethods = false)
public class DeliveryWorkerConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "mediaflowDeliveryWorkers")
  OperationHandlers mediaflowDeliveryWorkers(
      DeliveryClient client,
      ManagedSigningKeys signingKeys,
      SignedUrls signedUrls,
      ContentAddresses addresses,
      MediaflowHttpClient http,
      DeliveryProperties properties) {
    return new DeliveryWorkers(
        client,
        signingKeys,
        signedUrls,
        addresses,
        new ContentEdge(http.okHttp(), properties.timeout(), contentHosts(properties)));
  }

  /**
   * The hosts the configured content addresses name outright (not by a placeholder such as {@code
   * {bucket}}): the checks fetch them even where they are on this machine, as the sandbox is.
   */
  static Set<String> contentHosts(DeliveryProperties properties) {
    var hosts = new HashSet<String>();
    for (String template : new String[] {properties.storageUrl(), properties.domainUrl()}) {
      if (template == null) {
        continue;
      }
      HttpUrl url = HttpUrl.parse(template.replaceAll("\\{[a-z]+}", "placeholder"));
      int hostStart = template.indexOf("://") + 3;
      int hostEnd = template.indexOf('/', hostStart);
      String host = template.substring(hostStart, hostEnd < 0 ? template.length() : hostEnd);
      if (url != null && !host.contains("{")) {
        hosts.add(url.host());
      }
    }
    return Set.copyOf(hosts);
  }
}
