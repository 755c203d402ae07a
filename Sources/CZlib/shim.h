// The system's zlib (Debian: zlib1g-dev; Apple's SDKs ship it), for BrainInterchange's zip reader.
#include <zlib.h>
