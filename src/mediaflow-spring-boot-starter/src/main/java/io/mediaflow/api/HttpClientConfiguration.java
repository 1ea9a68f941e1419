package io.mediaflow.api;

import okhttp3.OkHttpClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The one OkHttp client and clock of the application: its connection pool and threads are shared by the three API
 * clients, which derive their own timeouts from it with {@code newBuilder()}.
 */
@Configuration(proxyBeanMethods = false)
class HttpClientConfiguration {

  @Bean(destroyMethod = "")
  OkHttpClient okHttpClient() {
    return new OkHttpClient.Builder().retryOnConnectionFailure(false).build();
  }

  /** Token expiry is judged against this clock, so tests can move it. */
  @Bean
  java.time.Clock clock() {
    return java.time.Clock.systemUTC();
  }
}
