package io.mediaflow.sandbox.transcoding;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * What a start asked for, as the sandbox keeps it: the query of a custom job (a preset job's is built from its
 * profiles), the caller's payload and, for a preset job, the profile of each format. The {@link JobRequest} a job
 * runs is validated from it, when the job starts and again when it starts over after a restart of the sandbox.
 *
 * @param presetProfiles the profile id of each format of a preset job, in order; empty for a custom job
 */
record JobQuery(JsonNode query, String payload, List<String> presetProfiles) {

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
   * {@code callback_url}, read without validating the rest of the query, so that a job whose query no longer
   * validates still tells its caller; null when there is none or it is not an http(s) URL.
   */
  String callbackUrl() {
    JsonNode url = query.get("callback_url");
    return url != null && url.isTextual() && Fields.isHttpUrl(url.asText()) ? url.asText() : null;
  }
}
