package io.mediaflow.app.console;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The browser console (bundled from {@code src/main/frontend} into {@code static/}) is one page
 * that routes in the browser; a reload or a shared link of one of its routes gets that page too.
 * Only for browsers (text/html), so the paths stay free for anything else. Only beside the embedded
 * engine, whose REST API the console uses (see {@code spring.web.resources.add-mappings} in {@code
 * application.yml}).
 */
@Controller
public class ConsolePages {

  @GetMapping(
      value = {
        "/tasks",
        "/tasks/{key}",
        "/processes",
        "/processes/{id}",
        "/instances",
        "/instances/{key}",
        "/service"
      },
      produces = MediaType.TEXT_HTML_VALUE)
  public String page() {
    return "forward:/index.html";
  }
}
