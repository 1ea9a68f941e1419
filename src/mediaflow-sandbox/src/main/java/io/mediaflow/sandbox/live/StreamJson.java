package io.mediaflow.sandbox.live;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediaflow.sandbox.SandboxProfile;
import org.springframework.stereotype.Component;

/**
 * The JSON form of a stream, as the API answers it, callbacks carry it and list filters read it.
 * Fields appear as the document describes: the transcoder's URLs and origin only while one is
 * allocated, {@code simulcast_targets} only once a target was added, the DVR secret never.
 */
@Component
class StreamJson {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final StreamAddresses addresses;
  private final SandboxProfile profile;

  StreamJson(StreamAddresses addresses, SandboxProfile profile) {
    this.addresses = addresses;
    this.profile = profile;
  }

  /**
   * {@code {"stream": <Stream>}}: the answer of every stream operation and the body of a status
   * callback.
   */
  ObjectNode answer(LiveStream stream) {
    ObjectNode answer = NODES.objectNode();
    answer.set("stream", render(stream));
    return answer;
  }

  ObjectNode render(LiveStream stream) {
    synchronized (stream) {
      LiveStreamStatus status = stream.status();
      ObjectNode json = NODES.objectNode();
      json.put("id", stream.id());
      json.put("name", stream.name());
      json.put("stream_key", stream.streamKey());
      ObjectNode serverUrls = json.putObject("server_urls");
      serverUrls.put("rtmp", addresses.rtmp(stream));
      serverUrls.put("rtmps", addresses.rtmps());
      if (status.hasTranscoder()) {
        serverUrls.put("webrtc", addresses.webrtc(stream));
        serverUrls.put("srt", addresses.srt(stream));
      }
      ObjectNode statusJson = json.putObject("status");
      statusJson.put("name", status.apiName());
      statusJson.put("timestamp", stream.statusTimestamp());
      ArrayNode playbackIds = json.putArray("playback_ids");
      stream.playbackIds().forEach(playbackId -> playbackIds.add(playbackId(stream, playbackId)));
      json.put("created_at", stream.createdAt());
      json.set("params", params(stream.params()));
      if (status.hasTranscoder()) {
        json.put("origin_host", addresses.originHost());
        json.put("origin_url", addresses.originUrl(stream));
      }
      json.put("playback_domain", stream.playbackDomain());
      stream
          .simulcastTargets()
          .ifPresent(
              targets -> {
                ArrayNode array = json.putArray("simulcast_targets");
                targets.forEach(
                    target ->
                        array
                            .addObject()
                            .put("id", target.id())
                            .put("url", target.url())
                            .put("stream_key", target.streamKey()));
              });
      return json;
    }
  }

  private ObjectNode playbackId(LiveStream stream, LivePlaybackId playbackId) {
    return NODES
        .objectNode()
        .put("id", playbackId.id())
        .put("policy", playbackId.policy())
        .put("created", playbackId.created())
        .put("playback_url", addresses.playbackUrl(stream, playbackId));
  }

  private ObjectNode params(LiveStreamParams params) {
    ObjectNode json =
        NODES
            .objectNode()
            .put("input_format", params.inputFormat())
            .put("output_format", params.outputFormat())
            .put("framerate", params.framerate())
            .put("mode", params.mode());
    if (profile.echoesCallbackUrl()) {
      json.put("callback_url", params.callbackUrl());
    }
    json.put("stream_timeout", params.streamTimeout());
    json.set("dvr", dvr(params.dvr()));
    return json;
  }

  private static ObjectNode dvr(DvrParams dvr) {
    ObjectNode json = NODES.objectNode().put("enabled", dvr.enabled() ? 1 : 0);
    if (dvr.destinations().isEmpty()) {
      json.putNull("destination");
    } else if (dvr.destinationList()) {
      ArrayNode destinations = json.putArray("destination");
      dvr.destinations().forEach(destination -> destinations.add(destination(destination)));
    } else {
      json.set("destination", destination(dvr.destinations().getFirst()));
    }
    json.put("stream_source", dvr.streamSource()).put("resolution", dvr.resolution());
    if (dvr.formatList()) {
      ArrayNode formats = json.putArray("format");
      dvr.formats().forEach(formats::add);
    } else {
      json.put("format", dvr.formats().getFirst());
    }
    return json.put("max_file_duration", dvr.maxFileDuration());
  }

  /** The destination as given, less {@code secret_key}: a secret is accepted but never shown. */
  private static ObjectNode destination(LiveDvrDestination destination) {
    return NODES
        .objectNode()
        .put("url", destination.url())
        .put("access_key", destination.accessKey())
        .put("permissions", destination.permissions())
        .put("storage_class", destination.storageClass());
  }
}
