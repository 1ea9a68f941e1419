package io.mediaflow.sandbox.delivery;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediaflow.sandbox.StatusBody;
import java.util.List;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** TLS subscriptions: {@code /v1/tls/subscriptions}. */
@RestController
@RequestMapping(DeliveryWebConfiguration.API + "/tls/subscriptions")
class TlsSubscriptionsController {

  record SubscriptionRequest(@JsonProperty("domain_id") String domainId) {}

  record SubscriptionResponse(
      @JsonProperty("tls_subscription") DeliveryTlsSubscription subscription) {}

  record SubscriptionsResponse(
      @JsonProperty("tls_subscriptions") List<DeliveryTlsSubscription> subscriptions) {}

  private final TlsSubscriptions subscriptions;

  TlsSubscriptionsController(TlsSubscriptions subscriptions) {
    this.subscriptions = subscriptions;
  }

  @PostMapping
  SubscriptionResponse create(@RequestBody(required = false) SubscriptionRequest request) {
    return new SubscriptionResponse(
        subscriptions.create(request == null ? null : request.domainId()));
  }

  @GetMapping
  SubscriptionsResponse list() {
    return new SubscriptionsResponse(subscriptions.list());
  }

  @GetMapping("/{subscriptionId}")
  SubscriptionResponse get(@PathVariable String subscriptionId) {
    return new SubscriptionResponse(subscriptions.get(subscriptionId));
  }

  @DeleteMapping("/{subscriptionId}")
  StatusBody delete(@PathVariable String subscriptionId) {
    subscriptions.delete(subscriptionId);
    return StatusBody.OK;
  }
}
