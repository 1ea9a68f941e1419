package io.mediaflow.live;

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
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules of document 2's DVR and destination tables that compare fields: a destination when
 * recording is on, each format once, and per destination what its scheme asks for (S3 keys of the
 * documented form in AWS ({@link DvrDestination#isAws()}), permissions and storage class only for
 * {@code s3://}, the other schemes' user name and password together, never credentials in the URL).
 * The rules of one field are the constraints on {@link Dvr}'s and {@link DvrDestination}'s
 * components. Credential values are never echoed.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Constraint(validatedBy = DvrRules.Check.class)
public @interface DvrRules {

  int MAX_FILE_DURATION = 21_600;

  String message() default "";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};

  /** Checks {@link DvrRules} on a {@link Dvr} or a {@link DvrDestination}. */
  final class Check implements ConstraintValidator<DvrRules, Object> {

    static final List<String> DESTINATION_PREFIXES =
        List.of("s3://", "b2://", "azblob://", "ftp://", "ftps://", "sftp://");

    /** "Other canned ACL values are allowed": the S3 canned ACLs. */
    static final List<String> PERMISSIONS =
        List.of(
            "private",
            "public-read",
            "public-read-write",
            "authenticated-read",
            "aws-exec-read",
            "bucket-owner-read",
            "bucket-owner-full-control");

    /** The S3 storage classes; the document names REDUCED_REDUNDANCY. */
    static final List<String> STORAGE_CLASSES =
        List.of(
            "STANDARD",
            "REDUCED_REDUNDANCY",
            "STANDARD_IA",
            "ONEZONE_IA",
            "INTELLIGENT_TIERING",
            "GLACIER",
            "GLACIER_IR",
            "DEEP_ARCHIVE");

    private static final Pattern S3_ACCESS_KEY = Pattern.compile("[A-Za-z0-9]{20}");

    /** Letters, digits and special characters: anything but white space. */
    private static final Pattern S3_SECRET = Pattern.compile("\\S{40}");

    @Override
    public boolean isValid(Object value, ConstraintValidatorContext context) {
      return switch (value) {
        case Dvr dvr -> dvr(dvr, context);
        case DvrDestination destination -> destination(destination, context);
        default ->
            throw new IllegalArgumentException(
                "@DvrRules is for DVR params and destinations: " + value);
      };
    }

    private static boolean dvr(Dvr dvr, ConstraintValidatorContext context) {
      boolean valid = true;
      if (dvr.destination() == null && dvr.isOn()) {
        valid = report(context, "is required when enabled is 1", "destination");
      }
      if (dvr.format() != null) {
        var seen = new HashSet<String>();
        for (int i = 0; i < dvr.format().size(); i++) {
          String format = dvr.format().get(i);
          if (format == null) {
            valid =
                report(
                    context, "must be one of " + String.join(", ", DvrFormat.FORMATS), "format", i);
          } else if (!seen.add(format)) {
            valid = report(context, "is listed twice", "format", i);
          }
        }
      }
      return valid;
    }

    private static boolean destination(
        DvrDestination destination, ConstraintValidatorContext context) {
      String url = destination.url();
      if (url == null || url.isBlank()) {
        return report(context, "is required", "url");
      }
      String prefix =
          DESTINATION_PREFIXES.stream().filter(url::startsWith).findFirst().orElse(null);
      if (prefix == null) {
        return report(
            context, "must start with one of " + String.join(", ", DESTINATION_PREFIXES), "url");
      }
      URI uri;
      try {
        uri = new URI(url);
      } catch (URISyntaxException e) {
        uri = null;
      }
      if (uri == null || uri.getRawAuthority() == null) {
        return report(context, "must be a URL that names a bucket or host after " + prefix, "url");
      }
      boolean valid = true;
      if (!Url.Check.isUrl(url, List.of(uri.getScheme()), false)) {
        valid =
            report(
                context,
                "must not carry credentials; give them as "
                    + NotShownFields.ACCESS_KEY
                    + " and "
                    + NotShownFields.SECRET_KEY,
                "url");
      }
      boolean hasAccessKey = destination.accessKey() != null;
      boolean hasSecret = destination.secretKey() != null;
      if (destination.isS3()) {
        // The forms are marked "(S3)": AWS's; other S3-compatible stores have keys of their own.
        boolean aws = destination.isAws();
        if (!hasAccessKey
            || destination.accessKey().isBlank()
            || (aws && !S3_ACCESS_KEY.matcher(destination.accessKey()).matches())) {
          valid =
              report(
                  context,
                  aws
                      ? "is required for s3:// destinations in AWS: 20 letters and digits"
                      : "is required for s3:// destinations",
                  NotShownFields.ACCESS_KEY);
        }
        if (!hasSecret
            || destination.secretKey().isBlank()
            || (aws && !S3_SECRET.matcher(destination.secretKey()).matches())) {
          valid =
              report(
                  context,
                  aws
                      ? "is required for s3:// destinations in AWS: 40 characters without spaces"
                      : "is required for s3:// destinations",
                  NotShownFields.SECRET_KEY);
        }
        valid &= oneOf(context, destination.permissions(), PERMISSIONS, "permissions");
        valid &=
            oneOf(
                context, destination.storageClass(), STORAGE_CLASSES, NotShownFields.STORAGE_CLASS);
        return valid;
      }
      if (hasAccessKey != hasSecret) {
        valid =
            report(
                context,
                "is required together with "
                    + (hasAccessKey ? NotShownFields.ACCESS_KEY : NotShownFields.SECRET_KEY),
                hasAccessKey ? NotShownFields.SECRET_KEY : NotShownFields.ACCESS_KEY);
      }
      if (destination.permissions() != null) {
        valid = report(context, "applies only to s3:// destinations", "permissions");
      }
      if (destination.storageClass() != null) {
        valid = report(context, "applies only to s3:// destinations", NotShownFields.STORAGE_CLASS);
      }
      return valid;
    }

    private static boolean oneOf(
        ConstraintValidatorContext context, String value, List<String> allowed, String field) {
      return value == null
          || allowed.contains(value)
          || report(context, "must be one of " + String.join(", ", allowed), field);
    }

    private static boolean report(ConstraintValidatorContext context, String rule, Object... path) {
      Constraints.report(context, rule, path);
      return false;
    }
  }
}
