package io.mediaflow.transcoding.query;

import io.mediaflow.api.constraint.Url;
import jakarta.validation.Constraint;
import jakarta.validation.OverridesAttribute;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;

/**
 * A file the service downloads: a source, a stitched clip, a logo, a subtitle file. Any scheme the
 * service reads from, credentials included, since an FTP or S3 source may carry them.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.METHOD,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.TYPE_USE,
  ElementType.ANNOTATION_TYPE
})
@Constraint(validatedBy = {})
@Url(
    schemes = {"http", "https", "ftp", "ftps", "sftp", "s3"},
    credentials = true)
public @interface MediaUrl {

  /** The schemes above, for rules that check a URL in code ({@link QueryRules}). */
  List<String> SCHEMES = List.of(MediaUrl.class.getAnnotation(Url.class).schemes());

  @OverridesAttribute(constraint = Url.class, name = "message")
  String message() default "must be a URL";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}
