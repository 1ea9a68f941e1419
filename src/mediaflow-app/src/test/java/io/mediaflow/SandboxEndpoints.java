package io.mediaflow;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.stereotype.Controller;
import org.springframework.util.ClassUtils;
import org.springframework.web.bind.annotation.RequestMapping;

/**
 * Every request the sandbox's controllers map, read from their annotations, so a test over them
 * covers an endpoint as soon as it is added.
 */
public final class SandboxEndpoints {

  /** One mapped method and path pattern, and the controller that declares it. */
  public record Endpoint(String method, String pattern, Class<?> controller) {

    /**
     * A concrete path the pattern matches: {@code x} for each variable, the first choice of {@code
     * {v:a|b}}.
     */
    public String examplePath() {
      Matcher variable = VARIABLE.matcher(pattern);
      var path = new StringBuilder();
      while (variable.find()) {
        String replacement;
        if (variable.group(1) != null) {
          replacement = "x/y"; // {*path} matches the rest of the path
        } else if (variable.group(2) != null) {
          replacement = variable.group(2).split("\\|")[0];
        } else {
          replacement = "x";
        }
        variable.appendReplacement(path, Matcher.quoteReplacement(replacement));
      }
      variable.appendTail(path);
      return path.toString().replace("**", "x/y");
    }

    @Override
    public String toString() {
      return method + " " + pattern;
    }
  }

  private static final Pattern VARIABLE = Pattern.compile("\\{(?:(\\*\\w+)|\\w+:([\\w|]+)|\\w+)}");

  private SandboxEndpoints() {}

  public static List<Endpoint> all() {
    var scanner = new ClassPathScanningCandidateComponentProvider(false);
    scanner.addIncludeFilter(new AnnotationTypeFilter(Controller.class));
    var endpoints = new ArrayList<Endpoint>();
    for (var definition : scanner.findCandidateComponents("io.mediaflow.sandbox")) {
      Class<?> controller =
          ClassUtils.resolveClassName(
              definition.getBeanClassName(), SandboxEndpoints.class.getClassLoader());
      RequestMapping root =
          AnnotatedElementUtils.findMergedAnnotation(controller, RequestMapping.class);
      String[] prefixes = root == null || root.path().length == 0 ? new String[] {""} : root.path();
      for (Method handler : controller.getDeclaredMethods()) {
        RequestMapping mapping =
            AnnotatedElementUtils.findMergedAnnotation(handler, RequestMapping.class);
        if (mapping == null) {
          continue;
        }
        String[] paths = mapping.path().length == 0 ? new String[] {""} : mapping.path();
        // A mapping without methods takes every method; GET stands for them.
        var methods =
            mapping.method().length == 0
                ? List.of("GET")
                : Arrays.stream(mapping.method()).map(Enum::name).toList();
        for (String prefix : prefixes) {
          for (String path : paths) {
            for (String method : methods) {
              endpoints.add(new Endpoint(method, prefix + path, controller));
            }
          }
        }
      }
    }
    endpoints.sort(Comparator.comparing(Endpoint::pattern).thenComparing(Endpoint::method));
    return endpoints;
  }
}
