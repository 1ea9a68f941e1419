package io.mediaflow;

import io.mediaflow.api.ApiJson;
import io.mediaflow.callback.CallbackUrls;
import io.mediaflow.delivery.DeliveryClient;
import io.mediaflow.live.LiveClient;
import io.mediaflow.transcoding.TranscodingClient;
import io.mediaflow.worker.JobRunner;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.ComponentScan;

/**
 * The plugin in a user's Spring Boot + Camunda application: the three API clients, one job worker per operation,
 * the callback receiver and the signing key store. Scans the plugin's own packages only, never the application's.
 */
@AutoConfiguration
@ComponentScan(basePackageClasses = {ApiJson.class, JobRunner.class, CallbackUrls.class,
    TranscodingClient.class, LiveClient.class, DeliveryClient.class})
@ConfigurationPropertiesScan(basePackageClasses = {JobRunner.class, CallbackUrls.class,
    TranscodingClient.class, LiveClient.class, DeliveryClient.class})
public class MediaflowAutoConfiguration {}
