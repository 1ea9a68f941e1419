package io.mediaflow.sandbox.transcoding;

/** The source containers the service accepts (document 3, "Unsupported media type."). */
enum Container {
  MP4("mp4", "video/mp4", false),
  MOV("mov", "video/quicktime", false),
  MATROSKA("mkv", "video/x-matroska", false),
  WEBM("webm", "video/webm", false),
  AVI("avi", "video/x-msvideo", false),
  WAV("wav", "audio/wav", true),
  MPEG_TS("ts", "video/mp2t", false),
  MPEG_PS("mpg", "video/mpeg", false),
  ASF("asf", "video/x-ms-asf", false),
  FLV("flv", "video/x-flv", false),
  MXF("mxf", "application/mxf", false),
  OGG("ogg", "video/ogg", false),
  HLS("m3u8", "application/vnd.apple.mpegurl", false),
  MP3("mp3", "audio/mpeg", true),
  AAC("aac", "audio/aac", true);

  private final String extension;
  private final String contentType;
  private final boolean audioOnly;

  Container(String extension, String contentType, boolean audioOnly) {
    this.extension = extension;
    this.contentType = contentType;
    this.audioOnly = audioOnly;
  }

  String extension() {
    return extension;
  }

  String contentType() {
    return contentType;
  }

  /** True for containers that cannot carry video, so visual outputs of such a source fail. */
  boolean audioOnly() {
    return audioOnly;
  }
}
