package io.mediaflow.app.documents;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The embedded default's document store ({@code POST /v2/documents}), kept in the data folder's
 * {@code documents/}.
 *
 * @param maxSize the largest document it takes; a larger upload is refused with {@code 413} naming
 *     this limit. A source video is the usual document here, so the default is generous (Camunda
 *     SaaS takes 10 MB per request, Camunda 8 Run's local store has no limit of its own)
 * @param linkSecret the key that signs links to documents ({@code POST
 *     /v2/documents/{documentId}/links}); unset, one is made once and kept in the data folder's
 *     {@code secrets/}, so links handed out stay valid across a restart
 */
@ConfigurationProperties("mediaflow.documents")
public record DocumentProperties(@DefaultValue("1GB") DataSize maxSize, String linkSecret) {}
