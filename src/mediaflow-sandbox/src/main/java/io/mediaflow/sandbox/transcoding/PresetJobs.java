package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.sandbox.SandboxProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Turns a preset job's form ({@code uri} or {@code stitch}, {@code profiles}, {@code
 * transfer_method}, {@code output_path_variables}, {@code subtitles}) into the query of a custom
 * job built from the profiles of {@link PresetCatalogue}, validated by the same rules. Outputs are
 * named {@code {uuid}.<ext>} (adaptive ones in a folder {@code {uuid}}), under the profile's output
 * path when a transfer method is given, else in the temporary storage (document 3, section 4, rule
 * 3).
 */
@Component
class PresetJobs {

  private static final Pattern PROFILE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z0-9_]+)}");

  /** The form fields of {@code /v1/start_encode} (besides {@code task_token}). */
  record Form(
      String uri,
      String stitch,
      String profiles,
      String transferMethod,
      String outputPathVariables,
      String subtitles,
      String payload,
      String callbackUrl) {}

  private final ObjectMapper json;
  private final SandboxProfile profile;

  PresetJobs(ObjectMapper json, SandboxProfile profile) {
    this.json = json;
    this.profile = profile;
  }

  /** The job's query, validated when the job is launched. */
  JobQuery query(Form form) {
    ObjectNode query = json.createObjectNode();
    boolean hasUri = form.uri() != null && !form.uri().isBlank();
    boolean hasStitch = form.stitch() != null && !form.stitch().isBlank();
    if (hasUri && hasStitch) {
      throw TranscodingApiError.invalid("uri", "give exactly one of 'uri' and 'stitch', not both");
    }
    if (!hasUri && !hasStitch) {
      throw TranscodingApiError.required("uri");
    }
    if (hasUri) {
      query.put("source", QueryValidator.source(form.uri(), "uri").url());
    } else {
      JsonNode stitch = parse(form.stitch(), "stitch");
      QueryValidator.stitch(stitch, "stitch");
      query.set("stitch", stitch);
    }
    if (form.callbackUrl() != null && !form.callbackUrl().isBlank()) {
      query.put("callback_url", form.callbackUrl());
    }
    List<String> ids = profileIds(form.profiles(), profileSeparator());
    String transfer = transferPrefix(form.transferMethod());
    Map<String, String> variables = variables(form.outputPathVariables());
    JsonNode subtitles = subtitles(form.subtitles());
    ArrayNode formats = query.putArray("format");
    for (String id : ids) {
      formats.add(format(id, transfer, variables, subtitles));
    }
    return new JobQuery(query, form.payload(), ids);
  }

  /**
   * What separates several profile ids (no document shows it): a comma, or (variation {@code
   * profiles-separated-by-spaces}) white space.
   */
  private String profileSeparator() {
    return profile.varies(SandboxProfile.PROFILES_SEPARATED_BY_SPACES) ? "\\s+" : ",";
  }

  /** Error 14 without profiles, 11 for a malformed id, 12 for an id the catalogue does not have. */
  private static List<String> profileIds(String profiles, String separator) {
    if (profiles == null || profiles.isBlank()) {
      throw TranscodingApiError.required("profiles");
    }
    var ids = new ArrayList<String>();
    for (String part : profiles.strip().split(separator, -1)) {
      String id = part.strip();
      if (!PROFILE_ID.matcher(id).matches()) {
        throw new TranscodingApiError(
            TranscodingApiError.BAD_PROFILE,
            "Field 'profiles' failed validation: '"
                + id
                + "' is not a profile id (letters, digits, '_', '-', '.'; several separated by "
                + (separator.equals(",") ? "commas" : "spaces")
                + ").");
      }
      if (!PresetCatalogue.PROFILES.containsKey(id)) {
        throw new TranscodingApiError(
            TranscodingApiError.PROFILE_NOT_FOUND,
            "Profile not found: '"
                + id
                + "' (known: "
                + String.join(", ", new TreeMap<>(PresetCatalogue.PROFILES).keySet())
                + ").");
      }
      ids.add(id);
    }
    return ids;
  }

  private static String transferPrefix(String transferMethod) {
    if (transferMethod == null || transferMethod.isBlank()) {
      return null;
    }
    String prefix = PresetCatalogue.TRANSFER_METHODS.get(transferMethod.strip());
    if (prefix == null) {
      throw TranscodingApiError.invalid(
          "transfer_method",
          "unknown transfer method '"
              + transferMethod.strip()
              + "' (known: "
              + String.join(", ", PresetCatalogue.TRANSFER_METHODS.keySet())
              + ")");
    }
    return prefix;
  }

  private Map<String, String> variables(String outputPathVariables) {
    var variables = new TreeMap<String, String>();
    if (outputPathVariables == null || outputPathVariables.isBlank()) {
      return variables;
    }
    JsonNode node = parse(outputPathVariables, "output_path_variables");
    if (!node.isObject()) {
      throw TranscodingApiError.invalid(
          "output_path_variables", "must be a JSON object of placeholder values");
    }
    node.fields()
        .forEachRemaining(
            field -> {
              if (!field.getValue().isValueNode() || field.getValue().isNull()) {
                throw TranscodingApiError.invalid(
                    "output_path_variables." + field.getKey(), "must be a string or a number");
              }
              variables.put(field.getKey(), field.getValue().asText());
            });
    return variables;
  }

  /** {@code subtitles}: a JSON list of {@code {source, language}}, added to every video format. */
  private JsonNode subtitles(String subtitles) {
    if (subtitles == null || subtitles.isBlank()) {
      return null;
    }
    JsonNode list = parse(subtitles, "subtitles");
    if (!list.isArray()) {
      throw TranscodingApiError.invalid("subtitles", "must be a JSON list of {source, language}");
    }
    for (int i = 0; i < list.size(); i++) {
      if (!list.get(i).isObject()) {
        throw TranscodingApiError.invalid(
            "subtitles[" + i + "]", "must be an object {source, language}");
      }
      QueryValidator.subtitle(new Fields(list.get(i), "subtitles[" + i + "]"));
    }
    return list;
  }

  private ObjectNode format(
      String id, String transfer, Map<String, String> variables, JsonNode subtitles) {
    PresetCatalogue.Profile profile = PresetCatalogue.PROFILES.get(id);
    ObjectNode format = (ObjectNode) parse(profile.format(), "profiles");
    OutputKind kind = OutputKind.of(format.get("output").asText()).orElseThrow();
    if (subtitles != null && kind.category() == OutputKind.Category.VIDEO) {
      format.putObject("subtitles").set("sources", subtitles.deepCopy());
    }
    if (transfer != null) {
      String name = UUID.randomUUID().toString();
      if (kind.layout() == OutputKind.Layout.FILE) {
        name +=
            "."
                + (kind.extension() != null
                    ? kind.extension()
                    : format.path("image_format").asText(FormatParams.DEFAULT_IMAGE_FORMAT));
      }
      format
          .putObject("destination")
          .put("url", transfer + fill(id, profile.outputPath(), variables) + name);
    }
    return format;
  }

  private static String fill(String profile, String outputPath, Map<String, String> variables) {
    Matcher placeholder = PLACEHOLDER.matcher(outputPath);
    var path = new StringBuilder();
    while (placeholder.find()) {
      String value = variables.get(placeholder.group(1));
      if (value == null || value.isBlank()) {
        throw TranscodingApiError.invalid(
            "output_path_variables",
            "profile "
                + profile
                + " needs a value for {"
                + placeholder.group(1)
                + "} in its output path "
                + outputPath);
      }
      placeholder.appendReplacement(path, Matcher.quoteReplacement(value));
    }
    placeholder.appendTail(path);
    return path.toString();
  }

  private JsonNode parse(String text, String field) {
    try {
      return json.readTree(text);
    } catch (JsonProcessingException e) {
      throw TranscodingApiError.invalid(field, "must be valid JSON");
    }
  }
}
