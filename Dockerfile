# Build stage: the release binary, from the locked dependency set.
# Base images are named in full so that podman and other engines without a
# default registry resolve them; pin them by digest in your deployment
# (`docker buildx imagetools inspect docker.io/library/rust:1.95-slim-bookworm`).
FROM docker.io/library/rust:1.95-slim-bookworm AS build
WORKDIR /src
# Dependencies first, in a layer that changes only when the manifests do: every
# target the manifest names is stubbed, the dependencies are built once, and the
# stubs are removed. A change to the sources rebuilds only this crate.
COPY Cargo.toml Cargo.lock ./
# The bundled SQLite's compile-time options (LIBSQLITE3_FLAGS).
COPY .cargo ./.cargo
RUN mkdir -p src benches examples \
    && echo 'fn main() {}' > src/main.rs && touch src/lib.rs \
    && for t in benches/chain_verify benches/log_proofs benches/hash benches/batch_path examples/floor; do \
        echo 'fn main() {}' > "$t.rs"; done \
    && cargo build --release --locked --bin decision-trail \
    && rm -rf src benches examples
COPY src ./src
COPY migrations ./migrations
# The trail browser's pages, compiled into the binary (askama).
COPY templates ./templates
# The JavaScript verifier's modules, served to the trail browser (include_str!).
COPY verifiers/js/src ./verifiers/js/src
COPY benches ./benches
COPY examples ./examples
# The commit /metrics names in decision_trail_build_info
# (`docker build --build-arg DECISION_TRAIL_COMMIT=$(git rev-parse --short HEAD)`).
ARG DECISION_TRAIL_COMMIT=unknown
# The sources may be older than the stubs' build: make cargo see them as new.
RUN touch src/main.rs src/lib.rs && cargo build --release --locked --bin decision-trail

# Runtime stage: the binary alone on a slim base, as an unprivileged user.
FROM docker.io/library/debian:bookworm-slim
RUN mkdir -p /data && chown 10001:10001 /data
COPY --from=build /src/target/release/decision-trail /usr/local/bin/decision-trail
USER 10001:10001
# It listens on every interface, so it starts only with API keys
# (DECISION_TRAIL_KEYS_FILE) or when told to serve open (DECISION_TRAIL_OPEN=true).
# Keep the keys file in the volume:
#   docker run --rm -v trail-data:/data decision-trail keys add --keys-file /data/keys.jsonl --agent-id ID --role writer
#   docker run -p 8080:8080 -v trail-data:/data -e DECISION_TRAIL_KEYS_FILE=/data/keys.jsonl decision-trail
ENV DECISION_TRAIL_LISTEN=0.0.0.0:8080 \
    DATABASE_URL=sqlite:///data/decision-trail.db \
    DECISION_TRAIL_LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 8080
# The slim image has no curl: the binary probes itself. (podman keeps this only
# with `podman build --format docker`.)
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["decision-trail", "healthcheck", "--addr", "127.0.0.1:8080"]
ENTRYPOINT ["decision-trail"]
CMD ["serve"]
