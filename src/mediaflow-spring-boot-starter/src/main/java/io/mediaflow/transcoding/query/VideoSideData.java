package io.mediaflow.transcoding.query;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * Spherical and stereo metadata. Document 3 lists these attributes but not the name of the group
 * that holds them; Mediaflow calls it {@code video_side_data} (the one place to correct if the
 * service names it otherwise).
 *
 * @param category {@code Spherical Mapping} or {@code Stereo 3D}
 * @param projection {@code equirectangular} or {@code rectangular}
 * @param vr180 when true, the full and cropped dimensions are required
 * @param stereo {@code none}, {@code left-right} or {@code top-bottom}
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record VideoSideData(
    String category,
    String projection,
    Boolean vr180,
    Integer fullWidth,
    Integer fullHeight,
    Integer croppedWidth,
    Integer croppedHeight,
    Integer croppedLeft,
    Integer croppedTop,
    String stereo) {

  public static final String FIELD = "video_side_data";
}
