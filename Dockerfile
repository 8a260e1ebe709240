# cuda-access-lint in a container: lints a mounted CUDA project through its
# compilation database.
#
#   docker build -t cuda-access-lint .
#   docker run --rm -v "$PWD:/src" cuda-access-lint          # -p /src/build
#
# The database's paths must be valid inside the container: configure the
# project at /src, or mount it at its own path instead
#   docker run --rm -v "$PWD:$PWD" -w "$PWD" cuda-access-lint -p build
#
# Two stages. build: Debian bookworm with clang 22 and CMake, as
# scripts/setup.sh installs them (from the Debian archive where it has
# clang 22, else from apt.llvm.org), and the CUDA toolkit's headers from
# NVIDIA's repository; the analyzer only (the verifier needs a GPU).
# runtime: clang 22's run-time libraries, a C++ library's headers (every
# CUDA source includes them), the installed prefix and the CUDA headers.
ARG LLVM_MAJOR=22
ARG CUDA_PKG=13-0
ARG CUDA_DIR=cuda-13.0

FROM debian:bookworm AS build
ARG LLVM_MAJOR
ARG CUDA_PKG
ARG CUDA_DIR
# The version the tools print (git describe): .git is not sent to the build.
ARG CAL_VERSION=
ENV DEBIAN_FRONTEND=noninteractive
# /opt/apt holds apt.llvm.org's source and key when the archive lacks
# clang 22 (empty otherwise); the runtime stage installs clang's libraries
# from the same place. NVIDIA's repository is for this stage only.
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends ca-certificates gnupg wget \
 && mkdir -p /opt/apt/keyrings /opt/apt/sources.list.d \
 && if ! apt-cache show "clang-${LLVM_MAJOR}" >/dev/null 2>&1; then \
      wget -qO- https://apt.llvm.org/llvm-snapshot.gpg.key \
        | gpg --dearmor >/opt/apt/keyrings/apt.llvm.org.gpg \
      && echo "deb [signed-by=/etc/apt/keyrings/apt.llvm.org.gpg] http://apt.llvm.org/bookworm/ llvm-toolchain-bookworm-${LLVM_MAJOR} main" \
        >/opt/apt/sources.list.d/apt.llvm.org.list; \
    fi \
 && mkdir -p /etc/apt/keyrings && cp -r /opt/apt/. /etc/apt/ \
 && wget -qO /tmp/cuda-keyring.deb \
      https://developer.download.nvidia.com/compute/cuda/repos/debian12/x86_64/cuda-keyring_1.1-1_all.deb \
 && dpkg -i /tmp/cuda-keyring.deb && rm /tmp/cuda-keyring.deb \
 && apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends \
      "clang-${LLVM_MAJOR}" "libclang-${LLVM_MAJOR}-dev" "llvm-${LLVM_MAJOR}-dev" \
      cmake ninja-build g++ git \
      "cuda-cudart-dev-${CUDA_PKG}" "cuda-driver-dev-${CUDA_PKG}" \
      "cuda-crt-${CUDA_PKG}" "cuda-cccl-${CUDA_PKG}" \
 && rm -rf /var/lib/apt/lists/*
COPY . /work/src
RUN cmake -S /work/src -B /work/build -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCAL_ENABLE_RUNTIME=OFF -DCAL_ENABLE_TESTS=OFF \
      -DCAL_VERSION_OVERRIDE="${CAL_VERSION}" \
 && cmake --build /work/build \
 && cmake --install /work/build --prefix /opt/cuda-access-lint --strip \
 && /opt/cuda-access-lint/bin/cuda-access-lint --version
# Only the headers of the toolkit: clang needs include/ and a bin/ beside it.
RUN mkdir -p /opt/cuda/bin \
 && cp -a "/usr/local/${CUDA_DIR}/targets/x86_64-linux/include" /opt/cuda/include

FROM debian:bookworm AS runtime
ARG LLVM_MAJOR
ENV DEBIAN_FRONTEND=noninteractive
COPY --from=build /opt/apt/keyrings/ /etc/apt/keyrings/
COPY --from=build /opt/apt/sources.list.d/ /etc/apt/sources.list.d/
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends \
      "libclang-cpp${LLVM_MAJOR}" "libllvm${LLVM_MAJOR}" libstdc++-12-dev \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /opt/cuda-access-lint /opt/cuda-access-lint
COPY --from=build /opt/cuda /usr/local/cuda
ENV PATH=/opt/cuda-access-lint/bin:$PATH \
    CUDA_PATH=/usr/local/cuda \
    CAL_CACHE_DIR=/tmp/cuda-access-lint-cache
# Any user may run it (pre-commit's docker_image passes -u UID:GID): the
# header cache lives in /tmp, not in a home directory.
WORKDIR /src
ENTRYPOINT ["cuda-access-lint"]
CMD ["-p", "/src/build"]
