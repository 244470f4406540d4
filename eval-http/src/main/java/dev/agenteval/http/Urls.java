package dev.agenteval.http;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import java.net.URI;
import java.net.URISyntaxException;

/** URLs as they may be shown: in reports, fingerprints and messages. */
@API(status = MAINTAINED)
public final class Urls {

    private Urls() {
    }

    /**
     * {@code url} without user info, query or fragment, where credentials may hide, e.g.
     * {@code https://agent.example.com:8443/a2a}; {@code (not a URL)} when it is none (or null),
     * {@code scheme:…} for a URL without a host.
     */
    public static String withoutSecrets(String url) {
        if (url == null) {
            return "(not a URL)";
        }
        try {
            URI u = new URI(url);
            if (u.getScheme() == null || u.getHost() == null) {
                return u.getScheme() == null ? "(not a URL)" : u.getScheme() + ":…";
            }
            return new URI(u.getScheme(), null, u.getHost(), u.getPort(), u.getPath(), null, null).toString();
        } catch (URISyntaxException e) {
            return "(not a URL)";
        }
    }
}
