package io.mediaflow.sandbox;

import java.util.Map;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Request counting for every sandbox endpoint, and the counts at {@code /sandbox/stats}. */
@Configuration(proxyBeanMethods = false)
class SandboxWebConfiguration implements WebMvcConfigurer {

  private final RequestCounter counter;

  SandboxWebConfiguration(RequestCounter counter) {
    this.counter = counter;
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    registry
        .addInterceptor(counter)
        .addPathPatterns("/sandbox/**")
        .excludePathPatterns("/sandbox/stats");
  }

  @RestController
  static class StatsController {
    private final RequestCounter counter;

    StatsController(RequestCounter counter) {
      this.counter = counter;
    }

    @GetMapping("/sandbox/stats")
    Map<String, Object> stats() {
      return Map.of("requests", counter.counts());
    }

    @DeleteMapping("/sandbox/stats")
    void reset() {
      counter.reset();
    }
  }
}
