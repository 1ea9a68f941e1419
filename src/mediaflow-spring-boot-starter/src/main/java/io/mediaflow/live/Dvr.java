package io.mediaflow.live;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.mediaflow.api.InvalidRequestException;
import io.mediaflow.api.constraint.OneOf;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.io.IOException;
import java.util.List;

/**
 * A stream's DVR (recording) params, field for field as document 2's DVR table names them. The same
 * record is sent at creation and read back from answers; its constraints and {@link DvrRules} are
 * every documented rule.
 *
 * @param enabled recording starts only when set: sent as 1 or 0, read from 1, 0, true or false
 * @param destination where recordings go; the document allows one object or an array, read as
 *     either
 * @param streamSource {@code original}, {@code transcoded} or {@code auto} (default)
 * @param resolution the transcoded rendition recorded: {@code highest} (default), {@code lowest},
 *     {@code 240p} to {@code 4k}, or {@code all}
 * @param format {@code mp4} (default), {@code ts}, {@code hls}, or several of them; read from one
 *     value or a list
 * @param maxFileDuration seconds per recording file, default 14400, at most 21600
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@DvrRules
public record Dvr(
    @JsonSerialize(using = Flag.Writer.class) @JsonDeserialize(using = Flag.Reader.class)
        Boolean enabled,
    @Size(min = 1, message = "must hold at least one destination")
        List<@NotNull(message = "must be an object") @Valid DvrDestination> destination,
    @OneOf({"original", "transcoded", "auto"}) String streamSource,
    @OneOf({"highest", "lowest", "240p", "480p", "720p", "1080p", "1440p", "4k", "all"})
        String resolution,
    @Size(min = 1, message = "must name at least one of mp4, ts, hls")
        List<@DvrFormat String> format,
    @Min(value = 1, message = "must be from 1 to " + DvrRules.MAX_FILE_DURATION + " seconds")
        @Max(
            value = DvrRules.MAX_FILE_DURATION,
            message = "must be from 1 to " + DvrRules.MAX_FILE_DURATION + " seconds")
        Integer maxFileDuration) {

  public static final int DEFAULT_MAX_FILE_DURATION = 14_400;

  @JsonIgnore
  public boolean isOn() {
    return Boolean.TRUE.equals(enabled);
  }

  /** The formats recorded: the given ones, or the default {@code mp4}. */
  public List<String> formats() {
    return format == null || format.isEmpty() ? List.of("mp4") : format;
  }

  Dvr withoutSecrets() {
    return new Dvr(
        enabled,
        destination == null
            ? null
            : destination.stream().map(DvrDestination::withoutSecrets).toList(),
        streamSource,
        resolution,
        format,
        maxFileDuration);
  }

  /** The document's 0-or-1 flag; answers may show true or false. */
  static final class Flag {

    private Flag() {}

    static final class Writer extends JsonSerializer<Boolean> {
      @Override
      public void serialize(Boolean value, JsonGenerator generator, SerializerProvider provider)
          throws IOException {
        generator.writeNumber(Boolean.TRUE.equals(value) ? 1 : 0);
      }
    }

    static final class Reader extends JsonDeserializer<Boolean> {
      @Override
      public Boolean deserialize(JsonParser parser, DeserializationContext context)
          throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
          return token == JsonToken.VALUE_TRUE;
        }
        if (token == JsonToken.VALUE_NUMBER_INT
            && (parser.getIntValue() == 0 || parser.getIntValue() == 1)) {
          return parser.getIntValue() == 1;
        }
        throw InvalidRequestException.rule("must be 0 or 1 (or true or false)");
      }
    }
  }
}
