package io.mediaflow.api.constraint;

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
import java.util.List;
import java.util.Locale;

/**
 * An absolute URL with one of {@link #schemes()} and a host (or bucket). Unless {@link
 * #credentials()} allows them, it carries no user name or password: a URL is shown in variables and
 * logs, where a credential must not be. Null is valid.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.METHOD,
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.TYPE_USE,
  ElementType.ANNOTATION_TYPE
})
@Constraint(validatedBy = Url.Check.class)
public @interface Url {

  String[] schemes() default {"http", "https"};

  boolean credentials() default false;

  String message() default "must be an http or https URL";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};

  /** Checks {@link Url}. */
  final class Check implements ConstraintValidator<Url, String> {

    private List<String> schemes;
    private boolean credentials;

    @Override
    public void initialize(Url url) {
      schemes = List.of(url.schemes());
      credentials = url.credentials();
    }

    @Override
    public boolean isValid(String value, ConstraintValidatorContext context) {
      return value == null || isUrl(value, schemes, credentials);
    }

    /** Whether {@code value} is such a URL. */
    public static boolean isUrl(String value, List<String> schemes, boolean credentials) {
      URI uri;
      try {
        uri = new URI(value);
      } catch (URISyntaxException e) {
        return false;
      }
      return uri.getScheme() != null
          && schemes.contains(uri.getScheme().toLowerCase(Locale.ROOT))
          && uri.getRawAuthority() != null
          && (credentials
              || (uri.getRawUserInfo() == null && !uri.getRawAuthority().contains("@")));
    }
  }
}
