// An ICC-based colour space that converts through lcms2's optimized transform.
#ifndef READER_RPTOPTIMIZEDICCCOLORSPACE_H
#define READER_RPTOPTIMIZEDICCCOLORSPACE_H

#include <GfxState.h>

#include <memory>

/// An RGB or grey ICCBased colour space whose colours go to RGB through one lcms2 transform built
/// with optimization (RPTSplashOutputDev makes it for an image's colour map).
///
/// poppler 22.12 builds every ICC transform with cmsFLAGS_NOOPTIMIZE, so lcms2 runs the whole
/// pipeline on every pixel, a pow() per channel for a parametric tone curve: that took half the
/// time of drawing a page holding a 2500 × 1364 ICC-tagged photograph. The optimized transform
/// (a matrix-shaper with 8-bit tables, or a precalculated grid) gives the same bytes on that page.
/// Colours leave through the transform and nothing else: no cache, no alternate space.
class RPTOptimizedICCColorSpace : public GfxICCBasedColorSpace
{
public:
    /// `original`'s profile and alternate space (copied), converting with `transform`: a cmsHTRANSFORM
    /// from 8-bit components in the profile's space to 8-bit RGB.
    RPTOptimizedICCColorSpace(GfxICCBasedColorSpace *original, std::shared_ptr<void> transform);

    GfxColorSpace *copy() const override;
    void getRGB(const GfxColor *color, GfxRGB *rgb) const override;
    void getRGBLine(unsigned char *in, unsigned int *out, int length) override;
    void getRGBLine(unsigned char *in, unsigned char *out, int length) override;
    void getRGBXLine(unsigned char *in, unsigned char *out, int length) override;
    bool useGetRGBLine() const override { return true; }

private:
    std::shared_ptr<void> transform;
};

#endif
