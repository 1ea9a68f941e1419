package io.mediaflow.delivery;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.mediaflow.api.constraint.OneOf;
import io.mediaflow.api.operation.Input;
import io.mediaflow.api.operation.Operation;

/**
 * {@code GET /v1/domains}, or {@code GET /v1/domains/<type>} for the domains of one type.
 *
 * @param type {@link Domain#LIVE} or {@link Domain#VOD}; null for every domain
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@Operation(
    type = "mediaflow.delivery.list_domains",
    name = "Delivery: list playback domains",
    description =
        "Lists the account's playback domains (GET /v1/domains), or those of one type (GET /v1/domains/<type>).",
    resultVariable = "domains")
public record ListDomains(
    @OneOf(
            value = {Domain.LIVE, Domain.VOD},
            message = "must be live or vod, or left out for every domain")
        @Input(
            label = "Type",
            description = "live or vod for only domains of that type; empty for all")
        String type) {

  /** Every domain of the account. */
  public static ListDomains all() {
    return new ListDomains(null);
  }
}
