package io.mediaflow.transcoding.query;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The setters a {@link Format} and a {@link Stream} share, written once: the rendition attributes
 * document 3 allows on both an output and a stream of the ladder. Each setter names its field, and
 * what is not set stays out of the request.
 *
 * @param <B> the builder, so that a chain of setters keeps its type
 */
abstract class RenditionBuilder<B extends RenditionBuilder<B>> {

  String size;
  Integer width;
  Integer height;
  Integer resolution;
  Double framerate;
  Keyframe keyframe;
  Integer keepSei;
  Double quality;
  Integer bitrate;
  String videoCodec;
  Integer audioBitrate;
  Logos logo;
  Double segmentDuration;
  Integer fmp4;
  String userTag;
  VideoSideData videoSideData;
  final Map<String, Object> other = new LinkedHashMap<>();

  RenditionBuilder() {}

  abstract B self();

  public B size(String size) {
    this.size = size;
    return self();
  }

  public B width(Integer width) {
    this.width = width;
    return self();
  }

  public B height(Integer height) {
    this.height = height;
    return self();
  }

  public B resolution(Integer resolution) {
    this.resolution = resolution;
    return self();
  }

  public B framerate(Double framerate) {
    this.framerate = framerate;
    return self();
  }

  public B keyframe(Keyframe keyframe) {
    this.keyframe = keyframe;
    return self();
  }

  public B keepSei(Integer keepSei) {
    this.keepSei = keepSei;
    return self();
  }

  public B quality(Double quality) {
    this.quality = quality;
    return self();
  }

  public B bitrate(Integer bitrate) {
    this.bitrate = bitrate;
    return self();
  }

  public B videoCodec(String videoCodec) {
    this.videoCodec = videoCodec;
    return self();
  }

  public B audioBitrate(Integer audioBitrate) {
    this.audioBitrate = audioBitrate;
    return self();
  }

  public B logo(Logos logo) {
    this.logo = logo;
    return self();
  }

  public B segmentDuration(Double segmentDuration) {
    this.segmentDuration = segmentDuration;
    return self();
  }

  public B fmp4(Integer fmp4) {
    this.fmp4 = fmp4;
    return self();
  }

  public B userTag(String userTag) {
    this.userTag = userTag;
    return self();
  }

  public B videoSideData(VideoSideData videoSideData) {
    this.videoSideData = videoSideData;
    return self();
  }

  /** An attribute document 3 does not name, passed through as it is. */
  public B other(String name, Object value) {
    other.put(name, value);
    return self();
  }
}
