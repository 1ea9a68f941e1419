package io.mediaflow.sandbox.transcoding;

/** The source containers the service accepts (document 3, "Unsupported media type."). */
enum Container {
  MP4("mp4", "video/mp4"),
  MOV("mov", "video/quicktime"),
  MATROSKA("mkv", "video/x-matroska"),
  WEBM("webm", "video/webm"),
  AVI("avi", "video/x-msvideo"),
  WAV("wav", "audio/wav"),
  MPEG_TS("ts", "video/mp2t"),
  MPEG_PS("mpg", "video/mpeg"),
  ASF("asf", "video/x-ms-asf"),
  FLV("flv", "video/x-flv"),
  MXF("mxf", "application/mxf"),
  OGG("ogg", "video/ogg"),
  HLS("m3u8", "application/vnd.apple.mpegurl"),
  MP3("mp3", "audio/mpeg"),
  AAC("aac", "audio/aac");

  private final String extension;
  private final String contentType;

  Container(String extension, String contentType) {
    this.extension = extension;
    this.contentType = contentType;
  }

  String extension() {
    return extension;
  }

  String contentType() {
    return contentType;
  }
}
