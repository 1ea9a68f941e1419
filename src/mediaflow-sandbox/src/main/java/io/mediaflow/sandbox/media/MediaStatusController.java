package io.mediaflow.sandbox.media;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /sandbox/media}: whether the sandbox can do media work on this machine, for the
 * console to say so: {@code {"checked": true, "available": false, "problem": "..."}}.
 */
@RestController
class MediaStatusController {

  private final MediaPrerequisites media;

  MediaStatusController(MediaPrerequisites media) {
    this.media = media;
  }

  @GetMapping("/sandbox/media")
  Map<String, Object> media() {
    var answer = new LinkedHashMap<String, Object>();
    answer.put("checked", media.checked());
    answer.put("available", media.problemSoFar().isEmpty());
    media.problemSoFar().ifPresent(problem -> answer.put("problem", problem));
    return answer;
  }
}
