package io.mediaflow.sandbox.delivery;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Keeps the body of a storage {@code PUT} sent with a form content type. {@code curl --data-binary}
 * sends {@code application/x-www-form-urlencoded} unless told otherwise, and Spring's form filter
 * would parse such a body as form fields and leave nothing to store. No object is a form, so the
 * type is dropped before that filter runs: the bytes are stored as sent and the object's type is
 * guessed from its path.
 */
class FormTypedPutFilter extends OncePerRequestFilter {

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !"PUT".equals(request.getMethod()) || !isForm(request.getContentType());
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    chain.doFilter(
        new HttpServletRequestWrapper(request) {
          @Override
          public String getContentType() {
            return null;
          }

          @Override
          public String getHeader(String name) {
            return HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name) ? null : super.getHeader(name);
          }

          @Override
          public Enumeration<String> getHeaders(String name) {
            return HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name)
                ? Collections.emptyEnumeration()
                : super.getHeaders(name);
          }

          @Override
          public Enumeration<String> getHeaderNames() {
            return Collections.enumeration(
                Collections.list(super.getHeaderNames()).stream()
                    .filter(header -> !HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(header))
                    .toList());
          }
        },
        response);
  }

  private static boolean isForm(String contentType) {
    try {
      return contentType != null
          && MediaType.APPLICATION_FORM_URLENCODED.includes(MediaType.parseMediaType(contentType));
    } catch (IllegalArgumentException unreadable) {
      return false;
    }
  }
}
