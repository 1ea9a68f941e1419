package io.mediaflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.camunda.feel.api.FeelEngineApi;
import org.camunda.feel.api.FeelEngineBuilder;

/**
 * Checks the variables a user task is completed with against the task's form (a Camunda Form,
 * form-js schema) as the form would before submitting: required fields, the value types of
 * checkboxes, numbers and text, the options of selects, radios and checklists, and number and text
 * limits. A field whose {@code conditional.hide} expression (FEEL) is true for the task's data is
 * hidden and not checked. The data is what the form shows: the task's variables, overlaid with what
 * is submitted, or a field's default value.
 */
final class FormValidation {

  /** Components that show something and hold no value. */
  private static final Set<String> DISPLAY_ONLY =
      Set.of(
          "text",
          "html",
          "image",
          "table",
          "separator",
          "spacer",
          "button",
          "iframe",
          "documentPreview");

  private static final FeelEngineApi FEEL = FeelEngineBuilder.forJava().build();

  private FormValidation() {}

  /** One sentence per broken rule, naming the field; empty when the submission is valid. */
  static List<String> violations(
      JsonNode form, Map<String, Object> variables, Map<String, Object> submitted) {
    Map<String, Object> data = new HashMap<>(variables);
    data.putAll(submitted);
    var violations = new ArrayList<String>();
    check(form.path("components"), data, submitted, "", violations);
    return violations;
  }

  private static void check(
      JsonNode components,
      Map<String, Object> data,
      Map<String, Object> submitted,
      String prefix,
      List<String> violations) {
    for (JsonNode component : components) {
      if (hidden(component, data)) {
        continue;
      }
      String type = component.path("type").asText();
      if (component.has("components")) {
        checkContainer(component, type, data, submitted, prefix, violations);
        continue;
      }
      String key = component.path("key").asText(null);
      if (key == null || DISPLAY_ONLY.contains(type)) {
        continue;
      }
      Object value = data.containsKey(key) ? data.get(key) : defaultValue(component);
      String field = "'" + prefix + key + "'";
      JsonNode validate = component.path("validate");
      if (isEmpty(value)) {
        if (validate.path("required").asBoolean(false)) {
          violations.add(field + " is required");
        }
        continue;
      }
      if (submitted.containsKey(key)) {
        checkValue(component, type, field, value, data, violations);
      }
    }
  }

  /**
   * Groups share their parent's data unless they have a path; a dynamic list is a list of such
   * groups.
   */
  private static void checkContainer(
      JsonNode container,
      String type,
      Map<String, Object> data,
      Map<String, Object> submitted,
      String prefix,
      List<String> violations) {
    String path = container.path("path").asText("");
    JsonNode children = container.path("components");
    if (path.isEmpty()) {
      check(children, data, submitted, prefix, violations);
      return;
    }
    Object value = data.get(path);
    boolean wasSubmitted = submitted.containsKey(path);
    if ("dynamiclist".equals(type)) {
      if (value == null) {
        return;
      }
      if (!(value instanceof List<?> rows)) {
        violations.add("'" + prefix + path + "' must be a list");
        return;
      }
      for (int i = 0; i < rows.size(); i++) {
        if (!(rows.get(i) instanceof Map<?, ?> row)) {
          violations.add("'" + prefix + path + "[" + i + "]' must be an object");
          continue;
        }
        checkNested(
            children, data, asMap(row), wasSubmitted, prefix + path + "[" + i + "].", violations);
      }
    } else if (value instanceof Map<?, ?> nested) {
      checkNested(children, data, asMap(nested), wasSubmitted, prefix + path + ".", violations);
    } else if (value != null) {
      violations.add("'" + prefix + path + "' must be an object");
    }
  }

  private static void checkNested(
      JsonNode children,
      Map<String, Object> outer,
      Map<String, Object> nested,
      boolean wasSubmitted,
      String prefix,
      List<String> violations) {
    Map<String, Object> scope = new HashMap<>(outer);
    scope.putAll(nested);
    check(children, scope, wasSubmitted ? nested : Map.of(), prefix, violations);
  }

  private static void checkValue(
      JsonNode component,
      String type,
      String field,
      Object value,
      Map<String, Object> data,
      List<String> violations) {
    JsonNode validate = component.path("validate");
    switch (type) {
      case "checkbox" -> {
        if (!(value instanceof Boolean)) {
          violations.add(field + " must be true or false, got " + json(value));
        }
      }
      case "number" -> {
        // form-js submits a number, or its text when the field serializes to a string.
        Double number =
            value instanceof Number n
                ? Double.valueOf(n.doubleValue())
                : component.path("serializeToString").asBoolean(false) ? parse(value) : null;
        if (number == null) {
          violations.add(field + " must be a number, got " + json(value));
        } else if (validate.has("min") && number < validate.get("min").asDouble()) {
          violations.add(
              field + " must be at least " + validate.get("min").asText() + ", got " + json(value));
        } else if (validate.has("max") && number > validate.get("max").asDouble()) {
          violations.add(
              field + " must be at most " + validate.get("max").asText() + ", got " + json(value));
        }
      }
      case "textfield", "textarea", "datetime" -> {
        if (!(value instanceof String text)) {
          violations.add(field + " must be text, got " + json(value));
        } else {
          checkText(validate, field, text, violations);
        }
      }
      case "radio", "select" -> checkOption(component, field, value, data, violations);
      case "checklist", "taglist" -> {
        if (!(value instanceof List<?> values)) {
          violations.add(field + " must be a list of options, got " + json(value));
        } else {
          values.forEach(entry -> checkOption(component, field, entry, data, violations));
        }
      }
      default -> {}
    }
  }

  private static void checkText(
      JsonNode validate, String field, String text, List<String> violations) {
    if (validate.has("minLength") && text.length() < validate.get("minLength").asInt()) {
      violations.add(
          field + " must have at least " + validate.get("minLength").asInt() + " characters");
    }
    if (validate.has("maxLength") && text.length() > validate.get("maxLength").asInt()) {
      violations.add(
          field + " must have at most " + validate.get("maxLength").asInt() + " characters");
    }
    if (validate.hasNonNull("pattern")) {
      try {
        if (!Pattern.compile(validate.get("pattern").asText()).matcher(text).matches()) {
          violations.add(field + " must match the pattern " + validate.get("pattern").asText());
        }
      } catch (PatternSyntaxException notAJavaPattern) {
        // A pattern only a browser understands is left to the form.
      }
    }
  }

  /**
   * The option must be one the form offers: static values, those of the variable {@code valuesKey}
   * names, or those its {@code valuesExpression} (FEEL) gives for the task's data.
   */
  private static void checkOption(
      JsonNode component,
      String field,
      Object value,
      Map<String, Object> data,
      List<String> violations) {
    List<String> options = new ArrayList<>();
    component.path("values").forEach(option -> options.add(option.path("value").asText()));
    if (component.hasNonNull("valuesKey")
        && data.get(component.get("valuesKey").asText()) instanceof List<?> list) {
      addOptions(list, options);
    }
    if (component.hasNonNull("valuesExpression")) {
      String expression = component.get("valuesExpression").asText();
      var result =
          FEEL.evaluateExpression(
              expression.startsWith("=") ? expression.substring(1) : expression, data);
      if (result.isSuccess() && result.result() instanceof List<?> list) {
        addOptions(list, options);
      }
    }
    if (options.isEmpty()) {
      return; // options the server cannot compute: the form is the judge
    }
    if (!options.contains(String.valueOf(value))) {
      violations.add(field + " must be one of " + options + ", got " + json(value));
    }
  }

  /** Options as a form lists them: {@code {label, value}} objects, or plain values. */
  private static void addOptions(List<?> list, List<String> options) {
    list.forEach(
        o ->
            options.add(
                o instanceof Map<?, ?> m ? String.valueOf(m.get("value")) : String.valueOf(o)));
  }

  /** A component is hidden when its {@code conditional.hide} FEEL expression evaluates to true. */
  private static boolean hidden(JsonNode component, Map<String, Object> data) {
    String expression = component.path("conditional").path("hide").asText("");
    if (expression.isBlank()) {
      return false;
    }
    String feel = expression.startsWith("=") ? expression.substring(1) : expression;
    var result = FEEL.evaluateExpression(feel, data);
    return result.isSuccess() && Boolean.TRUE.equals(result.result());
  }

  private static Object defaultValue(JsonNode component) {
    JsonNode value = component.get("defaultValue");
    return value == null || value.isNull()
        ? null
        : CamundaJson.MAPPER.convertValue(value, Object.class);
  }

  private static boolean isEmpty(Object value) {
    return value == null || "".equals(value) || value instanceof List<?> list && list.isEmpty();
  }

  private static Double parse(Object value) {
    if (value instanceof String text) {
      try {
        return Double.valueOf(text);
      } catch (NumberFormatException notANumber) {
        return null;
      }
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Map<?, ?> map) {
    return (Map<String, Object>) map;
  }

  private static String json(Object value) {
    try {
      return CamundaJson.MAPPER.writeValueAsString(value);
    } catch (Exception e) {
      return String.valueOf(value);
    }
  }
}
