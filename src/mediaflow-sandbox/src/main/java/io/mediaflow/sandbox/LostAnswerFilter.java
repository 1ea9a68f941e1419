package io.mediaflow.sandbox;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;
import org.springframework.web.util.UrlPathHelper;

/**
 * Loses the answer of a request {@link LostAnswers} names: the request is handled in full, its
 * answer kept back, and the client gets a status line that promises a body, a few bytes of it, and
 * the end of the connection. Every HTTP client reads that as a broken connection (OkHttp:
 * "unexpected end of stream"), never as an answer.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class LostAnswerFilter extends OncePerRequestFilter {

  private final LostAnswers faults;
  private final UrlPathHelper paths = new UrlPathHelper();

  LostAnswerFilter(LostAnswers faults) {
    this.faults = faults;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !faults.anyArmed();
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    if (!faults.take(request.getMethod(), paths.getPathWithinApplication(request))) {
      chain.doFilter(request, response);
      return;
    }
    var withheld = new ContentCachingResponseWrapper(response);
    try {
      chain.doFilter(request, withheld);
    } finally {
      faults.lost();
    }
    // The work is done; its answer is dropped. Promise more than is sent, and close.
    response.reset();
    response.setStatus(HttpServletResponse.SC_OK);
    response.setHeader("Connection", "close");
    response.setContentType("application/json");
    response.setContentLength(withheld.getContentSize() + 64);
    response.getOutputStream().write('{');
    response.flushBuffer();
  }
}
