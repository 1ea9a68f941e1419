package io.mediaflow.transcoding;

import io.mediaflow.transcoding.query.StitchClip;
import io.mediaflow.transcoding.query.Subtitles;
import java.util.List;
import java.util.Map;

/**
 * A job from transcoding profiles defined in the account ({@code /v1/start_encode}).
 *
 * @param uri the source URL; exactly one of uri and stitch
 * @param profiles the profile ids
 * @param transferMethod the id of a transfer method; output path settings apply only with one
 * @param outputPathVariables values for the placeholders of the profiles' output paths
 */
public record PresetJob(
    String uri,
    List<StitchClip> stitch,
    List<String> profiles,
    String transferMethod,
    Map<String, String> outputPathVariables,
    List<Subtitles.Source> subtitles) {}
