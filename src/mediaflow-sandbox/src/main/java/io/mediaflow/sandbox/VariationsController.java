package io.mediaflow.sandbox;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Test control: {@code PUT /sandbox/variations} with {@code {"variations": ["dvr-layout-flat"]}}
 * switches on exactly those variations of {@link SandboxProfile} (an empty list: none), so one
 * application context can show the plugin on each; {@code GET} shows them.
 */
@ConditionalOnProperty(name = "mediaflow.sandbox.test-controls", havingValue = "true")
@RestController
class VariationsController {

  record Variations(Set<String> variations) {}

  private final SandboxProfile profile;

  VariationsController(SandboxProfile profile) {
    this.profile = profile;
  }

  @PutMapping("/sandbox/variations")
  Map<String, Object> switchTo(@RequestBody Variations request) {
    profile.switchTo(request.variations() == null ? Set.of() : request.variations());
    return state();
  }

  @GetMapping("/sandbox/variations")
  Map<String, Object> state() {
    return Map.of("variations", new TreeSet<>(profile.variations()));
  }
}
