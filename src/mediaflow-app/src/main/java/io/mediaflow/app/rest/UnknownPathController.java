package io.mediaflow.app.rest;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Every {@code /v2} path no other controller answers: a 404 problem detail, as Camunda's REST API answers, rather
 * than Spring's own error body, which a client reading problem details cannot read. Spring tries the most specific
 * pattern first, so this answers only where nothing else does.
 */
@RestController
class UnknownPathController {

  @RequestMapping("/v2/**")
  void unknown(HttpServletRequest request) {
    throw ApiProblem.notFound("No endpoint " + request.getMethod() + " " + request.getRequestURI() + ": the embedded"
        + " default answers the parts of Camunda 8.8's REST API listed in docs/embedded-app.md");
  }
}
