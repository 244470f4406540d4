/**
 * JSON over HTTP for agent clients and judges: {@link dev.agenteval.http.HttpJson} with
 * timeouts, retries honouring {@code Retry-After}, a response size cap, credential refresh and
 * typed failures; {@link dev.agenteval.http.Authentication} (bearer token, OAuth2 client
 * credentials); {@link dev.agenteval.http.RetryPolicy}. Plugin authors writing their own
 * agent client can use it too. Values are non-null unless documented otherwise.
 */
package dev.agenteval.http;
