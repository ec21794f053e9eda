# Build stage: the release binary, from the locked dependency set.
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY src ./src
COPY migrations ./migrations
RUN cargo build --release --locked --bin decision-trail

# Runtime stage: the binary alone on a slim base, as an unprivileged user.
FROM debian:bookworm-slim
RUN mkdir -p /data && chown 10001:10001 /data
COPY --from=build /src/target/release/decision-trail /usr/local/bin/decision-trail
USER 10001:10001
ENV DECISION_TRAIL_LISTEN=0.0.0.0:8080 \
    DATABASE_URL=sqlite:///data/decision-trail.db \
    DECISION_TRAIL_LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 8080
# The slim image has no curl: the binary probes itself.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["decision-trail", "healthcheck", "--addr", "127.0.0.1:8080"]
ENTRYPOINT ["decision-trail"]
CMD ["serve"]
