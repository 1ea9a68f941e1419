package io.mediaflow.transcoding.query;

import io.mediaflow.api.constraint.Url;
import io.mediaflow.api.internal.Constraints;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules of document 3 that compare fields of a whole custom job: exactly one of {@code source}
 * and {@code stitch}, and what {@code encoder_version} allows in each output ({@code vmaf} only
 * with 1, {@code lcevc_*} codecs only with 2, {@code keep_sei} with 2 or {@code use_v2}). The rules
 * of one field are the constraints on the records' components; those comparing a format's own
 * fields are {@link RenditionRules}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Constraint(validatedBy = QueryRules.Check.class)
public @interface QueryRules {

  String message() default "";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};

  /** Checks {@link QueryRules}. */
  final class Check implements ConstraintValidator<QueryRules, Query> {

    /**
     * An uploaded file: {@code tus:<file_uuid>}, the id the upload's {@code Location} ends in. Its
     * form is not shown (a UUID with or without dashes, or another id): any non-empty URL path
     * segment.
     */
    private static final Pattern TUS_SOURCE = Pattern.compile("tus:[A-Za-z0-9._~-]+");

    @Override
    public boolean isValid(Query query, ConstraintValidatorContext context) {
      boolean valid = source(query, context);
      List<Format> formats = query.format() == null ? List.of() : query.format();
      for (int i = 0; i < formats.size(); i++) {
        Format format = formats.get(i);
        if (format == null) {
          continue;
        }
        if ("vmaf".equals(format.output()) && query.effectiveEncoderVersion() != 1) {
          valid = report(context, "vmaf works with encoder_version 1 only", "format", i, "output");
        }
        valid &=
            encoderFeatures(query, format.videoCodec(), format.keepSei(), context, "format", i);
        List<Stream> streams = format.stream() == null ? List.of() : format.stream();
        for (int j = 0; j < streams.size(); j++) {
          if (streams.get(j) != null) {
            valid &=
                encoderFeatures(
                    query,
                    streams.get(j).videoCodec(),
                    streams.get(j).keepSei(),
                    context,
                    "format",
                    i,
                    "stream",
                    j);
          }
        }
      }
      return valid;
    }

    private static boolean source(Query query, ConstraintValidatorContext context) {
      boolean hasSource = query.source() != null && !query.source().isBlank();
      boolean hasStitch = query.stitch() != null && !query.stitch().isEmpty();
      // Named as the service names it: the missing or doubled field is source.
      if (!hasSource && !hasStitch) {
        return report(context, "is required, unless stitch is given", "source");
      }
      if (hasSource && hasStitch) {
        return report(context, "give exactly one of source and stitch, not both", "source");
      }
      if (hasSource
          && !Url.Check.isUrl(query.source(), MediaUrl.SCHEMES, true)
          && !TUS_SOURCE.matcher(query.source()).matches()) {
        return report(context, "must be a URL or tus:<file_uuid>", "source");
      }
      return true;
    }

    /**
     * The codec and {@code keep_sei} of a format or stream at {@code at}, against the job's
     * encoder.
     */
    private static boolean encoderFeatures(
        Query query,
        String codec,
        Integer keepSei,
        ConstraintValidatorContext context,
        Object... at) {
      boolean valid = true;
      if (codec != null && codec.startsWith("lcevc_") && query.effectiveEncoderVersion() != 2) {
        valid = report(context, codec + " needs encoder_version 2", path(at, "video_codec"));
      }
      if (keepSei != null && keepSei == 1 && !query.keepsSei()) {
        valid =
            report(context, "needs encoder_version 2 (or use_v2 set to 1)", path(at, "keep_sei"));
      }
      return valid;
    }

    private static Object[] path(Object[] at, String field) {
      Object[] path = java.util.Arrays.copyOf(at, at.length + 1);
      path[at.length] = field;
      return path;
    }

    private static boolean report(ConstraintValidatorContext context, String rule, Object... path) {
      Constraints.report(context, rule, path);
      return false;
    }
  }
}
