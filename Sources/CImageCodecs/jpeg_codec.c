#include "CImageCodecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/// More scans than any real progressive JPEG has (libjpeg-turbo's own tools suggest 100); a crafted
/// file with thousands of tiny scans would otherwise take minutes to decode.
#define READER_JPEG_MAX_SCANS 200
/// libjpeg's own working memory (progressive coefficient buffers) for the largest picture allowed.
#define READER_JPEG_MAX_MEMORY (512L << 20)

/// libjpeg's error manager with somewhere to jump back to instead of exit().
typedef struct {
    struct jpeg_error_mgr manager;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    char *message;
} reader_jpeg_error;

static void reader_jpeg_fail(j_common_ptr info) {
    reader_jpeg_error *error = (reader_jpeg_error *)info->err;
    if (error->message) {
        char text[JMSG_LENGTH_MAX];
        info->err->format_message(info, text);
        snprintf(error->message, READER_IMAGE_MESSAGE_SIZE, "%s", text);
    }
    longjmp(error->jump, 1);
}

/// Warnings are ignored but one: a stream that ends early, which libjpeg would finish in grey.
static void reader_jpeg_message(j_common_ptr info, int level) {
    if (level < 0) {
        info->err->num_warnings++;
        if (info->err->msg_code == JWRN_JPEG_EOF) reader_jpeg_fail(info);
    }
}

static void reader_jpeg_progress(j_common_ptr info) {
    if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > READER_JPEG_MAX_SCANS) {
        reader_jpeg_error *error = (reader_jpeg_error *)info->err;
        if (error->message) snprintf(error->message, READER_IMAGE_MESSAGE_SIZE, "more than %d progressive scans",
                                     READER_JPEG_MAX_SCANS);
        longjmp(error->jump, 1);
    }
}

/// Zeroes `info` (so jpeg_destroy_decompress is safe whenever an error comes) and gives it `error`.
static void reader_jpeg_install(reader_jpeg_error *error, struct jpeg_decompress_struct *info, char *message) {
    memset(info, 0, sizeof *info);
    memset(error, 0, sizeof *error);
    info->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = reader_jpeg_fail;
    error->manager.emit_message = reader_jpeg_message;
    error->message = message;
}

static int reader_jpeg_fits(uint32_t width, uint32_t height, reader_image_limits limits) {
    return width > 0 && height > 0 && width <= limits.max_dimension && height <= limits.max_dimension
        && (uint64_t)width * height <= limits.max_pixels;
}

reader_image_status reader_jpeg_read_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                                          char *message) {
    struct jpeg_decompress_struct info;
    reader_jpeg_error error;
    reader_jpeg_install(&error, &info, message);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        return READER_IMAGE_MALFORMED;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    jpeg_destroy_decompress(&info);
    return READER_IMAGE_OK;
}

/// CMYK rows to RGB in place (4 bytes a pixel in, 3 out). Adobe's files store the inks inverted.
static void reader_cmyk_to_rgb(uint8_t *row, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        unsigned c = row[4 * x], m = row[4 * x + 1], y = row[4 * x + 2], k = row[4 * x + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        row[3 * x] = (uint8_t)((c * k + 127) / 255);
        row[3 * x + 1] = (uint8_t)((m * k + 127) / 255);
        row[3 * x + 2] = (uint8_t)((y * k + 127) / 255);
    }
}

reader_image_status reader_jpeg_decode(const uint8_t *data, size_t size, reader_image_limits limits,
                                       unsigned scale_denominator, reader_image_pixels *output, char *message) {
    struct jpeg_decompress_struct info;
    reader_jpeg_error error;
    uint8_t *volatile pixels = NULL;
    uint8_t *volatile row = NULL;
    reader_jpeg_install(&error, &info, message);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return READER_IMAGE_MALFORMED;
    }
    jpeg_create_decompress(&info);
    info.mem->max_memory_to_use = READER_JPEG_MAX_MEMORY;
    error.progress.progress_monitor = reader_jpeg_progress;
    info.progress = &error.progress;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (!reader_jpeg_fits(info.image_width, info.image_height, limits)) {
        jpeg_destroy_decompress(&info);
        return READER_IMAGE_TOO_LARGE;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    info.scale_num = 1;
    info.scale_denom = scale_denominator == 2 || scale_denominator == 4 || scale_denominator == 8 ? scale_denominator : 1;
    jpeg_start_decompress(&info);
    uint32_t width = info.output_width, height = info.output_height;
    size_t stride = (size_t)width * 3;
    pixels = malloc(stride * height);
    row = malloc((size_t)width * info.output_components);
    if (!pixels || !row) {
        jpeg_destroy_decompress(&info);
        free(pixels);
        free(row);
        return READER_IMAGE_NO_MEMORY;
    }
    while (info.output_scanline < height) {
        uint32_t y = info.output_scanline;
        JSAMPROW rows[1] = { row };
        if (jpeg_read_scanlines(&info, rows, 1) != 1) {  // only a suspending source returns no row
            jpeg_destroy_decompress(&info);
            free(pixels);
            free(row);
            return READER_IMAGE_MALFORMED;
        }
        if (cmyk) reader_cmyk_to_rgb(row, width, info.saw_Adobe_marker);
        memcpy(pixels + stride * y, row, stride);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    output->pixels = pixels;
    output->width = width;
    output->height = height;
    output->channels = 3;
    return READER_IMAGE_OK;
}

reader_image_status reader_jpeg_encode(const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                                       uint8_t **output, size_t *output_size, char *message) {
    struct jpeg_compress_struct info;
    reader_jpeg_error error;
    memset(&info, 0, sizeof info);
    memset(&error, 0, sizeof error);
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = reader_jpeg_fail;
    error.message = message;
    // A buffer of the raw size, which a JPEG of these pixels never outgrows, so libjpeg has no reason
    // to allocate one of its own that an error would leave behind.
    unsigned long capacity = (unsigned long)width * height * 3 + 65536;
    unsigned char *volatile mine = malloc(capacity);
    if (!mine) return READER_IMAGE_NO_MEMORY;
    unsigned char *buffer = mine;
    unsigned long size = capacity;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&info);
        free(mine);
        return READER_IMAGE_MALFORMED;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &size);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    info.optimize_coding = TRUE;
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < height) {
        JSAMPROW rows[1] = { (JSAMPROW)(rgb + (size_t)info.next_scanline * width * 3) };
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    if (buffer != mine) free(mine);
    *output = buffer;
    *output_size = size;
    return READER_IMAGE_OK;
}

void reader_image_free(void *pointer) {
    free(pointer);
}
