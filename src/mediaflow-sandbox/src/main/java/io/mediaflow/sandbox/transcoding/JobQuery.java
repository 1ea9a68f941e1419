package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What a start asked for, as the sandbox keeps it: the query of a custom job (a preset job's is
 * built from its profiles), the caller's payload and, for a preset job, the profile of each format.
 * The {@link JobRequest} a job runs is validated from it, when the job starts and again when it
 * starts over after a restart of the sandbox.
 *
 * <p>The sandbox checks no destination's credentials, so it keeps none: what the database keeps is
 * {@link #withoutCredentials()}.
 *
 * @param presetProfiles the profile id of each format of a preset job, in order; empty for a custom
 *     job
 */
record JobQuery(JsonNode query, String payload, List<String> presetProfiles) {

  private static final Pattern USER_INFO = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*://)[^/@]*@");

  JobRequest request() {
    JobRequest request = QueryValidator.validate(new Fields(query, ""));
    if (presetProfiles.isEmpty()) {
      return request;
    }
    var tagged = new ArrayList<FormatParams>();
    for (int i = 0; i < presetProfiles.size(); i++) {
      tagged.add(request.formats().get(i).withPresetProfile(presetProfiles.get(i)));
    }
    return request.withFormats(tagged);
  }

  /**
   * {@code callback_url}, read without validating the rest of the query, so that a job whose query
   * no longer validates still tells its caller; null when there is none or it is not an http(s)
   * URL.
   */
  String callbackUrl() {
    JsonNode url = query.get("callback_url");
    return url != null && url.isTextual() && Fields.isHttpUrl(url.asText()) ? url.asText() : null;
  }

  /**
   * The query without each destination's {@code key} and {@code secret} and the user of its URL:
   * the same job, as nothing checks them, with nothing a copy of the data folder could give away.
   */
  JobQuery withoutCredentials() {
    JsonNode copy = query.deepCopy();
    for (JsonNode format : copy.path("format")) {
      JsonNode destination = format.path("destination");
      for (JsonNode item : destination.isArray() ? destination : List.of(destination)) {
        if (item instanceof ObjectNode object) {
          object.remove(List.of("key", "secret"));
          JsonNode url = object.get("url");
          if (url != null && url.isTextual()) {
            object.put("url", USER_INFO.matcher(url.asText().strip()).replaceFirst("$1"));
          }
        }
      }
    }
    return new JobQuery(copy, payload, presetProfiles);
  }
}
