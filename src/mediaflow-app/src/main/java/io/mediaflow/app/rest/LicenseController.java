package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.camunda.client.protocol.rest.LicenseResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The licence, as Camunda 8 Run answers without one: the embedded default runs no Camunda-licensed
 * component, so there is no licence to be valid. Tasklist, Operate and the JS SDK ask on load and
 * show a non-production notice for this answer.
 */
@RestController
@RequestMapping("/v2")
class LicenseController {

  /** Camunda's name for the licence type when no licence key is configured. */
  static final String NO_LICENSE = "unknown";

  @GetMapping("/license")
  ObjectNode license() {
    return Shapes.tree(
        new LicenseResponse()
            .validLicense(false)
            .licenseType(NO_LICENSE)
            .isCommercial(false)
            .expiresAt(null));
  }
}
