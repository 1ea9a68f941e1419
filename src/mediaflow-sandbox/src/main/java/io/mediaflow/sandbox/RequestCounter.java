package io.mediaflow.sandbox;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Counts the sandbox's requests per endpoint ({@code POST /sandbox/transcoding/v1/status}), so
 * benchmarks and tests can read what a process cost the service. Shown at {@code GET
 * /sandbox/stats}.
 */
@Component
public class RequestCounter implements HandlerInterceptor {

  private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

  @Override
  public boolean preHandle(
      HttpServletRequest request, HttpServletResponse response, Object handler) {
    Object pattern = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
    String endpoint =
        request.getMethod() + " " + (pattern != null ? pattern : request.getRequestURI());
    counts.computeIfAbsent(endpoint, key -> new LongAdder()).increment();
    return true;
  }

  public Map<String, Long> counts() {
    var snapshot = new TreeMap<String, Long>();
    counts.forEach((endpoint, count) -> snapshot.put(endpoint, count.sum()));
    return snapshot;
  }

  public long count(String endpoint) {
    LongAdder count = counts.get(endpoint);
    return count == null ? 0 : count.sum();
  }

  public void reset() {
    counts.clear();
  }
}
