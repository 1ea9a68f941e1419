package io.mediaflow.sandbox.transcoding;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The documented values of a format's {@code output}, with what the sandbox needs to know about
 * each: the status list it is reported in, whether its destination is a folder or a file, and its
 * file type.
 */
enum OutputKind {
  MP4("mp4", Category.VIDEO, Layout.FILE, "mp4", true),
  WEBM("webm", Category.VIDEO, Layout.FILE, "webm", true),
  ADVANCED_HLS("advanced_hls", Category.VIDEO, Layout.FOLDER, "m3u8", true),
  ADVANCED_DASH("advanced_dash", Category.VIDEO, Layout.FOLDER, "mpd", true),
  WEBM_DASH("webm_dash", Category.VIDEO, Layout.FOLDER, "mpd", true),
  /** Same streams, new container: the source's own container here. */
  REPACK("repack", Category.VIDEO, Layout.FILE, null, false),
  MP3("mp3", Category.AUDIO, Layout.FILE, "mp3", false),
  HLS_AUDIO("hls_audio", Category.AUDIO, Layout.FOLDER, "m3u8", false),
  FLAC("flac", Category.AUDIO, Layout.FILE, "flac", false),
  M4A("m4a", Category.AUDIO, Layout.FILE, "m4a", false),
  GIF("gif", Category.IMAGE, Layout.FILE, "gif", true),
  THUMBNAIL("thumbnail", Category.IMAGE, Layout.FILE, null, true),
  THUMBNAILS("thumbnails", Category.IMAGE, Layout.FOLDER, "vtt", true),
  SMART_THUMBNAIL("smart_thumbnail", Category.IMAGE, Layout.FILE, null, true),
  METADATA("metadata", Category.TEXT, Layout.FILE, "json", false),
  SPEECH_TO_TEXT("speech_to_text", Category.TEXT, Layout.FOLDER, "json", false),
  VMAF("vmaf", Category.TEXT, Layout.FILE, "json", true),
  VIDEO_INTELLIGENCE("video_intelligence", Category.TEXT, Layout.FOLDER, "json", true),
  AI_DETECTION("ai_detection", Category.TEXT, Layout.FILE, "json", true),
  WAVEFORM("waveform", Category.TEXT, Layout.FILE, "json", false);

  /** The status list an output is reported in, and the first word of its system tag. */
  enum Category {
    VIDEO("videos", "video"),
    AUDIO("audios", "audio"),
    IMAGE("images", "image"),
    TEXT("texts", "text");

    final String list;
    final String tag;

    Category(String list, String tag) {
      this.list = list;
      this.tag = tag;
    }
  }

  /**
   * Whether {@code destination.url} names the output file, or a folder that receives several files.
   */
  enum Layout {
    FILE,
    FOLDER
  }

  private final String value;
  private final Category category;
  private final Layout layout;
  private final String extension;
  private final boolean needsVideo;

  OutputKind(String value, Category category, Layout layout, String extension, boolean needsVideo) {
    this.value = value;
    this.category = category;
    this.layout = layout;
    this.extension = extension;
    this.needsVideo = needsVideo;
  }

  static Optional<OutputKind> of(String value) {
    return Arrays.stream(values()).filter(kind -> kind.value.equals(value)).findFirst();
  }

  static List<String> names() {
    return Arrays.stream(values()).map(OutputKind::value).toList();
  }

  String value() {
    return value;
  }

  Category category() {
    return category;
  }

  Layout layout() {
    return layout;
  }

  /** The file type, or null where the format or the source decides it (thumbnails, repack). */
  String extension() {
    return extension;
  }

  /**
   * Outputs made from the picture: they fail with "Extract video error." for an audio-only source.
   */
  boolean needsVideo() {
    return needsVideo;
  }

  /**
   * HLS and DASH outputs: renditions given as {@code stream} objects, one status item per stream.
   */
  boolean adaptive() {
    return this == ADVANCED_HLS || this == ADVANCED_DASH || this == WEBM_DASH;
  }

  /** Outputs whose quality is a JPEG quality (1 to 100) rather than a constant rate factor. */
  boolean jpegQuality() {
    return this == THUMBNAIL || this == THUMBNAILS || this == SMART_THUMBNAIL;
  }

  /**
   * Analyses the sandbox does not perform: it writes their files with empty results and says so in
   * a warning.
   */
  boolean analysis() {
    return this == SPEECH_TO_TEXT
        || this == VMAF
        || this == VIDEO_INTELLIGENCE
        || this == AI_DETECTION
        || this == WAVEFORM;
  }
}
