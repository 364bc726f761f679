#include "RPTOptimizedICCColorSpace.h"

#include <lcms2.h>

#include <vector>

namespace {

/// The address of `ref`, a temporary that lives until the end of the full expression: poppler's
/// constructor takes the profile's reference by pointer and copies it.
const Ref *addressOf(const Ref &ref)
{
    return &ref;
}

}

RPTOptimizedICCColorSpace::RPTOptimizedICCColorSpace(GfxICCBasedColorSpace *original, std::shared_ptr<void> transformA)
    : GfxICCBasedColorSpace(original->getNComps(), original->getAlt()->copy(), addressOf(original->getRef())),
      transform(std::move(transformA))
{
    auto profile = original->getProfile();
    setProfile(profile);
}

GfxColorSpace *RPTOptimizedICCColorSpace::copy() const
{
    // poppler's accessors are not const; copying changes nothing.
    return new RPTOptimizedICCColorSpace(const_cast<RPTOptimizedICCColorSpace *>(this), transform);
}

void RPTOptimizedICCColorSpace::getRGB(const GfxColor *color, GfxRGB *rgb) const
{
    unsigned char in[gfxColorMaxComps];
    unsigned char out[3];
    for (int i = 0; i < getNComps(); ++i) {
        in[i] = colToByte(color->c[i]);
    }
    cmsDoTransform(transform.get(), in, out, 1);
    rgb->r = byteToCol(out[0]);
    rgb->g = byteToCol(out[1]);
    rgb->b = byteToCol(out[2]);
}

void RPTOptimizedICCColorSpace::getRGBLine(unsigned char *in, unsigned int *out, int length)
{
    std::vector<unsigned char> rgb(3 * size_t(length));
    cmsDoTransform(transform.get(), in, rgb.data(), length);
    for (int i = 0; i < length; ++i) {
        out[i] = (unsigned(rgb[3 * i]) << 16) | (unsigned(rgb[3 * i + 1]) << 8) | rgb[3 * i + 2];
    }
}

void RPTOptimizedICCColorSpace::getRGBLine(unsigned char *in, unsigned char *out, int length)
{
    cmsDoTransform(transform.get(), in, out, length);
}

void RPTOptimizedICCColorSpace::getRGBXLine(unsigned char *in, unsigned char *out, int length)
{
    std::vector<unsigned char> rgb(3 * size_t(length));
    cmsDoTransform(transform.get(), in, rgb.data(), length);
    for (int i = 0; i < length; ++i) {
        out[4 * i] = rgb[3 * i];
        out[4 * i + 1] = rgb[3 * i + 1];
        out[4 * i + 2] = rgb[3 * i + 2];
        out[4 * i + 3] = 255;
    }
}
